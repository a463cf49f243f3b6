"""Builds the seventh tuning set, tuning7.jsonl, from the rows below. It is a tuning set only (no
held-out part), weighted to English, Spanish and Traditional Chinese (the languages under 93 % on
the held-out sets) and covering all twelve: typos, filler, voice-typed run-ons, mixed scripts,
half past / quarter to / noonish, windows, exclusions, ordinals and last days, month-relative days,
starts, ends and counts, twice / three times a day, relative weeks, daily habits, and the Spanish
constructions a reader could get silently wrong ("a las 12 de la noche", "mediodía", "el próximo",
"cada dos", "de lunes a viernes", "y media", "menos cuarto", "pasado mañana", "dentro de", "por la
tarde / noche / madrugada"). The runs were decided by hand as local wall times ("03-06 08:00", year
2026) and are converted to UTC here with Python's zoneinfo (not duely's code). `now` is Thursday
5 March 2026, 10:00 local. Decisions that needed one are in the row's note.

    python3 convert7.py > tuning7.jsonl
"""
from wall_times import print_rows


# Shared expectations, each decided once (the same wall times in every zone).
MONDAYS_3_WEEKS = {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "03-23 09:00"}
SECOND_TUESDAY_18 = ["03-10 18:00", "04-14 18:00", "05-12 18:00"]
SECOND_TUESDAY_19 = ["03-10 19:00", "04-14 19:00", "05-12 19:00"]
NOT_FRIDAY_7 = ["03-07 07:00", "03-08 07:00", "03-09 07:00"]
TWICE_8_20 = ["03-05 20:00", "03-06 08:00", "03-06 20:00"]
THRICE_8_14_20 = ["03-05 14:00", "03-05 20:00", "03-06 08:00"]
NEXT_WEDNESDAY_10 = ["03-11 10:00"]
IN_TWO_WEEKS_MONDAY = "03-16"
NIGHTLY_22 = ["03-05 22:00", "03-06 22:00", "03-07 22:00"]
MIDNIGHT = "the 00:00 that ends today"

R = [
    # English
    ("en", "uh remind me like half past 3 this afternoon to pick up the kids", {"fires": ["03-05 15:30"]}, ["once", "half-past", "filler"]),
    ("en", "quarter to 9 tmrw morning standup", {"fires": ["03-06 08:45"]}, ["once", "quarter", "typo"]),
    ("en", "noonish tomorrow lunch w sam", {"fires": ["03-06 12:00"], "ask": True}, ["once", "noonish"]),
    ("en", "every 2 hours between 9am and 5pm on weekdays drink water", {"fires": ["03-05 11:00", "03-05 13:00", "03-05 15:00"]}, ["window", "workday"]),
    ("en", "every day except fridays at 7am", {"fires": NOT_FRIDAY_7}, ["exclusion", "daily", "dst"]),
    ("en", "the 2nd tuesday of each month at 6pm", {"fires": SECOND_TUESDAY_18}, ["month-relative", "ordinal"]),
    ("en", "last day of every month at 9pm", {"fires": ["03-31 21:00", "04-30 21:00", "05-31 21:00"]}, ["last-day"]),
    ("en", "every monday at 9am for 3 weeks", MONDAYS_3_WEEKS, ["end", "weekly"]),
    ("en", "every tuesday 7pm till the end of june", {"fires": ["03-10 19:00", "03-17 19:00", "03-24 19:00"], "last": "06-30 19:00"}, ["end", "weekly"]),
    ("en", "take my meds 5 times, every day at 9pm", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-09 21:00"}, ["count", "daily"]),
    ("en", "twice daily 8am and 6pm", {"fires": ["03-05 18:00", "03-06 08:00", "03-06 18:00"]}, ["twice-a-day"]),
    ("en", "three times a day: 7am, 1pm and 7pm", {"fires": ["03-05 13:00", "03-05 19:00", "03-06 07:00"]}, ["n-a-day"]),
    ("en", "next week on wednesday at 10", {"fires": NEXT_WEDNESDAY_10}, ["relative-week"]),
    ("en", "in two weeks on monday at 9am", {"fires": [f"{IN_TWO_WEEKS_MONDAY} 09:00"]}, ["relative-week", "dst"]),
    ("en", "brush teeth reminder every night at 10", {"fires": NIGHTLY_22}, ["daily", "day-part", "dst"]),
    ("en", "wake me up at 6:45 every weekday morning", {"fires": ["03-06 06:45", "03-09 06:45", "03-10 06:45"]}, ["workday", "daily"]),
    ("en", "so um can you remind me on the 20th at 3pm to pay rent", {"fires": ["03-20 15:00"]}, ["ordinal", "once", "filler"]),
    ("en", "every other friday at 4:30pm starting tomorrow", {"fires": ["03-06 16:30", "03-20 16:30", "04-03 16:30"]}, ["start", "every-other"]),
    ("en", "every 30 min from 9 to 11 tomorrow", {"fires": ["03-06 09:00", "03-06 09:30", "03-06 10:00"], "last": "03-06 11:00"}, ["window", "end"]),
    ("en", "day after tomorrow at quarter past 8 pm", {"fires": ["03-07 20:15"]}, ["once", "quarter"]),
    ("en", "call mom at 7 tonight", {"fires": ["03-05 19:00"]}, ["once", "day-part"]),
    ("en", "every weekday except wednesdays at 8:15", {"fires": ["03-06 08:15", "03-09 08:15", "03-10 08:15"]}, ["exclusion", "workday"]),
    ("en", "on the last friday of march at 5pm", {"fires": ["03-27 17:00"]}, ["last-day", "once"]),
    ("en", "every day at 8am for the next 10 days", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-15 08:00"}, ["end", "daily"]),
    ("en", "every hour on the hour from 8am to noon on saturdays", {"fires": ["03-07 08:00", "03-07 09:00", "03-07 10:00"]}, ["window"]),
    ("en", "remind me in 45 mins", {"fires": ["03-05 10:45"]}, ["relative"]),
    ("en", "every 3rd thursday at 7pm", {"fires": ["03-19 19:00", "04-16 19:00", "05-21 19:00"]}, ["month-relative", "ordinal"]),
    ("en", "half 8 tomorrow morning", {"fires": ["03-06 08:30"], "zone": "Europe/London", "note": "British 'half 8' is 08:30"}, ["once", "half-past"]),
    ("en", "every weekday at 830", {"fires": ["03-06 08:30", "03-09 08:30", "03-10 08:30"]}, ["workday", "typo"]),
    ("en", "every second monday at 9", {"refused": ["ambiguous_schedule"], "note": "every other Monday, or the second Monday of each month"}, ["refusal"]),
    ("en", "the first of every month at 8am except january", {"fires": ["04-01 08:00", "05-01 08:00", "06-01 08:00"]}, ["exclusion", "ordinal"]),
    ("en", "tomorrow mornin at 7 thirty", {"fires": ["03-06 07:30"]}, ["once", "typo", "half-past"]),
    # Spanish
    ("es", "hoy a las 12 de la noche", {"fires": ["03-06 00:00"], "note": MIDNIGHT}, ["once", "midnight"]),
    ("es", "todos los días a las 12 de la noche", {"fires": ["03-06 00:00", "03-07 00:00", "03-08 00:00"]}, ["daily", "midnight"]),
    ("es", "a las 12 de la noche del sábado", {"refused": ["ambiguous_schedule"], "note": "the start of Saturday or its end"}, ["midnight", "refusal"]),
    ("es", "mañana a mediodía", {"fires": ["03-06 12:00"]}, ["once", "noon"]),
    ("es", "todos los días a mediodía menos el domingo", {"fires": ["03-05 12:00", "03-06 12:00", "03-07 12:00"]}, ["exclusion", "noon", "daily"]),
    ("es", "el próximo martes a las 9", {"fires": ["03-10 09:00"]}, ["once", "relative-week"]),
    ("es", "cada dos semanas los lunes a las 8", {"fires": ["03-09 08:00", "03-23 08:00", "04-06 08:00"]}, ["every-other"]),
    ("es", "cada dos días a las 7", {"fires": ["03-06 07:00", "03-08 07:00", "03-10 07:00"]}, ["every-other"]),
    ("es", "cada dos martes a las 17h", {"fires": ["03-10 17:00", "03-24 17:00", "04-07 17:00"]}, ["every-other"]),
    ("es", "de lunes a viernes a las 7 y media", {"fires": ["03-06 07:30", "03-09 07:30", "03-10 07:30"]}, ["workday", "half-past"]),
    ("es", "el sábado a las 9 menos cuarto de la mañana", {"fires": ["03-07 08:45"]}, ["once", "quarter"]),
    ("es", "pasado mañana por la tarde a las 4", {"fires": ["03-07 16:00"]}, ["once", "day-part"]),
    ("es", "dentro de una hora", {"fires": ["03-05 11:00"]}, ["relative"]),
    ("es", "dentro de 3 días a las 10", {"fires": ["03-08 10:00"]}, ["relative"]),
    ("es", "mañana por la noche a las 10", {"fires": ["03-06 22:00"]}, ["once", "day-part"]),
    ("es", "el domingo de madrugada a las 3", {"fires": ["03-08 03:00"]}, ["once", "day-part"]),
    ("es", "todos los días menos los viernes a las 8", {"fires": ["03-07 08:00", "03-08 08:00", "03-09 08:00"]}, ["exclusion", "daily"]),
    ("es", "el segundo martes de cada mes a las 18:00", {"fires": SECOND_TUESDAY_18}, ["month-relative", "ordinal"]),
    ("es", "el último día de cada mes a las 20h", {"fires": ["03-31 20:00", "04-30 20:00", "05-31 20:00"]}, ["last-day"]),
    ("es", "cada lunes a las 9 durante 3 semanas", MONDAYS_3_WEEKS, ["end", "weekly"]),
    ("es", "todos los viernes a las 6 de la tarde hasta finales de junio", {"fires": ["03-06 18:00", "03-13 18:00", "03-20 18:00"], "last": "06-26 18:00"}, ["end", "weekly"]),
    ("es", "5 veces, cada día a las 21h", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-09 21:00"}, ["count", "daily"]),
    ("es", "tres veces al día a las 8, a las 14 y a las 20", {"fires": THRICE_8_14_20}, ["n-a-day"]),
    ("es", "dos veces al dia, a las 9 y a las 9 de la noche", {"fires": ["03-05 21:00", "03-06 09:00", "03-06 21:00"]}, ["twice-a-day", "typo"]),
    ("es", "la semana que viene el miércoles a las 10", {"fires": NEXT_WEDNESDAY_10}, ["relative-week"]),
    ("es", "dentro de dos semanas el lunes a las 9", {"fires": [f"{IN_TWO_WEEKS_MONDAY} 09:00"]}, ["relative-week"]),
    ("es", "recuerdame a las 7 y cuarto de la tarde", {"fires": ["03-05 19:15"]}, ["once", "quarter", "typo"]),
    ("es", "cada media hora de 16 a 18h", {"fires": ["03-05 16:00", "03-05 16:30", "03-05 17:00"]}, ["window"]),
    ("es", "el primer día de cada mes a las 9", {"fires": ["04-01 09:00", "05-01 09:00", "06-01 09:00"]}, ["ordinal"]),
    ("es", "el mes que viene el día 3 a las 10", {"fires": ["04-03 10:00"]}, ["month-relative", "once"]),
    ("es", "eh porfa avísame mañana tipo a las 8 y media de la mañana", {"fires": ["03-06 08:30"]}, ["once", "half-past", "filler"]),
    ("es", "los martes y jueves a las 19:30 hasta el 20 de marzo", {"fires": ["03-05 19:30", "03-10 19:30", "03-12 19:30"], "last": "03-19 19:30"}, ["end", "weekly", "day-list"]),
    ("es", "esta tarde a las 5", {"fires": ["03-05 17:00"]}, ["once", "day-part"]),
    ("es", "mañana a la 1 de la tarde", {"fires": ["03-06 13:00"]}, ["once", "day-part"]),
    ("es", "todas las noches a las 11", {"fires": ["03-05 23:00", "03-06 23:00", "03-07 23:00"]}, ["daily", "day-part"]),
    ("es", "mañana a las 8 de la noche", {"fires": ["03-06 20:00"], "zone": "America/Mexico_City"}, ["once", "day-part"]),
    ("es", "el lunes o el martes a las 9", {"refused": ["ambiguous_schedule"]}, ["refusal"]),
    ("es", "a partir del 16 de marzo, cada lunes a las 8", {"fires": ["03-16 08:00", "03-23 08:00", "03-30 08:00"]}, ["start", "weekly", "dst"]),
    ("es", "mañana a las 12 del mediodía", {"fires": ["03-06 12:00"]}, ["once", "noon"]),
    ("es", "el lunes que viene a las 9", {"fires": ["03-09 09:00"]}, ["once", "relative-week"]),
    ("es", "todos los días a las 7 de la tarde excepto sábados y domingos", {"fires": ["03-05 19:00", "03-06 19:00", "03-09 19:00"]}, ["exclusion", "daily", "day-part"]),
    ("es", "a las 8 menos cuarto cada mañana", {"fires": ["03-06 07:45", "03-07 07:45", "03-08 07:45"]}, ["daily", "quarter"]),
    ("es", "de lunes a viernes de 9 a 17 cada 2 horas", {"fires": ["03-05 11:00", "03-05 13:00", "03-05 15:00"]}, ["window", "workday"]),
    ("es", "mañana de madrugada a las 2 y media", {"fires": ["03-06 02:30"]}, ["once", "day-part", "half-past"]),
    ("es", "el 15 y el 30 de cada mes a las 10", {"refused": ["ambiguous_schedule"], "note": "February has no 30th: skip it or run on its last day? (asked, the documented policy)"}, ["ordinal", "refusal"]),
    # Traditional Chinese
    ("zh-Hant", "明天下午三點半提醒我開會", {"fires": ["03-06 15:30"]}, ["once", "half-past"]),
    ("zh-Hant", "每天早上七點半吃藥", {"fires": ["03-06 07:30", "03-07 07:30", "03-08 07:30"]}, ["daily", "half-past"]),
    ("zh-Hant", "週一到週五早上9點，週三除外", {"fires": ["03-06 09:00", "03-09 09:00", "03-10 09:00"]}, ["exclusion", "workday"]),
    ("zh-Hant", "每個月第二個星期二晚上7點", {"fires": SECOND_TUESDAY_19}, ["month-relative", "ordinal"]),
    ("zh-Hant", "每個月的最後一天 下午五點", {"fires": ["03-31 17:00", "04-30 17:00", "05-31 17:00"]}, ["last-day"]),
    ("zh-Hant", "下週三上午10點", {"fires": NEXT_WEDNESDAY_10}, ["relative-week"]),
    ("zh-Hant", "兩週後的星期一早上9點", {"fires": [f"{IN_TWO_WEEKS_MONDAY} 09:00"]}, ["relative-week"]),
    ("zh-Hant", "每天晚上十點，持續三週", {"fires": NIGHTLY_22, "last": "03-25 22:00"}, ["end", "daily"]),
    ("zh-Hant", "每週五下午四點，到六月底為止", {"fires": ["03-06 16:00", "03-13 16:00", "03-20 16:00"], "last": "06-26 16:00"}, ["end", "weekly"]),
    ("zh-Hant", "每天早上8點提醒我，共5次", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-10 08:00"}, ["count", "daily"]),
    ("zh-Hant", "一天兩次，早上9點和晚上9點", {"fires": ["03-05 21:00", "03-06 09:00", "03-06 21:00"]}, ["twice-a-day"]),
    ("zh-Hant", "一天三次 早上8點 中午12點 晚上6點", {"fires": ["03-05 12:00", "03-05 18:00", "03-06 08:00"]}, ["n-a-day"]),
    ("zh-Hant", "後天中午12點", {"fires": ["03-07 12:00"]}, ["once", "noon"]),
    ("zh-Hant", "半小時後提醒我", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("zh-Hant", "每兩小時，從早上9點到下午5點", {"fires": ["03-05 11:00", "03-05 13:00", "03-05 15:00"]}, ["window"]),
    ("zh-Hant", "今晚12點", {"fires": ["03-06 00:00"], "note": MIDNIGHT}, ["once", "midnight"]),
    ("zh-Hant", "每隔一週的星期四下午3點", {"fires": ["03-05 15:00", "03-19 15:00", "04-02 15:00"]}, ["every-other"]),
    ("zh-Hant", "每月1號和15號早上10點", {"fires": ["03-15 10:00", "04-01 10:00", "04-15 10:00"]}, ["ordinal"]),
    ("zh-Hant", "明天早上八點四十五", {"fires": ["03-06 08:45"]}, ["once", "quarter"]),
    ("zh-Hant", "下午3點15分 明天 meeting", {"fires": ["03-06 15:15"]}, ["once", "mixed-script"]),
    ("zh-Hant", "每天晚上11點 除了週末", {"fires": ["03-05 23:00", "03-06 23:00", "03-09 23:00"]}, ["exclusion", "daily"]),
    ("zh-Hant", "三天後的早上9點", {"fires": ["03-08 09:00"]}, ["relative"]),
    ("zh-Hant", "每週二週四晚上7點半", {"fires": ["03-05 19:30", "03-10 19:30", "03-12 19:30"]}, ["weekly", "day-list", "half-past"]),
    ("zh-Hant", "下個月的第一個星期一早上10點", {"fires": ["04-06 10:00"]}, ["month-relative", "ordinal"]),
    ("zh-Hant", "明天早上九點一刻", {"fires": ["03-06 09:15"]}, ["once", "quarter"]),
    ("zh-Hant", "每天下午兩點到四點每半小時", {"fires": ["03-05 14:00", "03-05 14:30", "03-05 15:00"]}, ["window"]),
    ("zh-Hant", "每個工作天早上8點半", {"fires": ["03-06 08:30", "03-09 08:30", "03-10 08:30"]}, ["workday", "half-past"]),
    ("zh-Hant", "從下禮拜一開始 每天早上七點", {"fires": ["03-09 07:00", "03-10 07:00", "03-11 07:00"]}, ["start", "daily"]),
    ("zh-Hant", "差一刻八點 明天", {"fires": ["03-06 07:45"]}, ["once", "quarter"]),
    ("zh-Hant", "每天早上八點或九點", {"refused": ["ambiguous_schedule"]}, ["refusal"]),
    # Simplified Chinese
    ("zh-Hans", "每天早上7点一刻", {"fires": ["03-06 07:15", "03-07 07:15", "03-08 07:15"]}, ["daily", "quarter"]),
    ("zh-Hans", "每个月的第三个周五下午4点", {"fires": ["03-20 16:00", "04-17 16:00", "05-15 16:00"]}, ["month-relative", "ordinal"]),
    ("zh-Hans", "每天晚上9点 到3月底", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-31 21:00"}, ["end", "daily"]),
    ("zh-Hans", "一天两次 早8点晚8点", {"fires": TWICE_8_20}, ["twice-a-day"]),
    ("zh-Hans", "大后天上午10点", {"fires": ["03-08 10:00"]}, ["once", "relative"]),
    ("zh-Hans", "除了周五 每天早上7点", {"fires": NOT_FRIDAY_7}, ["exclusion", "daily"]),
    # Japanese
    ("ja", "毎月第2火曜日の19時", {"fires": SECOND_TUESDAY_19}, ["month-relative", "ordinal"]),
    ("ja", "明日朝8時半に", {"fires": ["03-06 08:30"]}, ["once", "half-past"]),
    ("ja", "毎日21時、3週間", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-25 21:00"}, ["end", "daily"]),
    ("ja", "金曜日以外の毎日7時", {"fires": NOT_FRIDAY_7}, ["exclusion", "daily"]),
    ("ja", "1日2回 8時と20時", {"fires": TWICE_8_20}, ["twice-a-day"]),
    ("ja", "再来週の月曜日の9時", {"fires": [f"{IN_TWO_WEEKS_MONDAY} 09:00"]}, ["relative-week"]),
    # German
    ("de", "jeden zweiten Dienstag im Monat um 18 Uhr", {"fires": SECOND_TUESDAY_18}, ["month-relative", "ordinal"]),
    ("de", "morgen um viertel nach 8", {"fires": ["03-06 08:15"]}, ["once", "quarter"]),
    ("de", "täglich um 7 außer sonntags", {"fires": ["03-06 07:00", "03-07 07:00", "03-09 07:00"]}, ["exclusion", "daily"]),
    ("de", "jeden Montag um 9 Uhr, 4 Mal", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "03-30 09:00"}, ["count", "weekly", "dst"]),
    ("de", "übermorgen um halb 3 nachmittags", {"fires": ["03-07 14:30"]}, ["once", "half-past"]),
    ("de", "in zwei Wochen am Montag um 10", {"fires": [f"{IN_TWO_WEEKS_MONDAY} 10:00"]}, ["relative-week"]),
    # French
    ("fr", "tous les jours sauf le vendredi à 7h", {"fires": NOT_FRIDAY_7}, ["exclusion", "daily"]),
    ("fr", "le deuxième mardi de chaque mois à 18h", {"fires": SECOND_TUESDAY_18}, ["month-relative", "ordinal"]),
    ("fr", "demain à midi et quart", {"fires": ["03-06 12:15"]}, ["once", "quarter", "noon"]),
    ("fr", "tous les lundis à 9h pendant 3 semaines", MONDAYS_3_WEEKS, ["end", "weekly"]),
    ("fr", "deux fois par jour à 8h et 20h", {"fires": TWICE_8_20}, ["twice-a-day"]),
    ("fr", "la semaine prochaine mercredi à 10h", {"fires": NEXT_WEDNESDAY_10}, ["relative-week"]),
    # Portuguese
    ("pt", "todo dia às 7h30, menos aos domingos", {"fires": ["03-06 07:30", "03-07 07:30", "03-09 07:30"]}, ["exclusion", "daily", "half-past"]),
    ("pt", "a segunda terça de cada mês às 18h", {"fires": SECOND_TUESDAY_18}, ["month-relative", "ordinal"]),
    ("pt", "amanha ao meio dia", {"fires": ["03-06 12:00"]}, ["once", "noon"]),
    ("pt", "toda segunda às 9h por 3 semanas", MONDAYS_3_WEEKS, ["end", "weekly"]),
    ("pt", "2 vezes ao dia, 8h e 20h", {"fires": TWICE_8_20}, ["twice-a-day"]),
    ("pt", "daqui a duas semanas na segunda às 10h", {"fires": [f"{IN_TWO_WEEKS_MONDAY} 10:00"]}, ["relative-week"]),
    # Italian
    ("it", "ogni giorno tranne il venerdì alle 7", {"fires": NOT_FRIDAY_7}, ["exclusion", "daily"]),
    ("it", "il secondo martedì di ogni mese alle 18", {"fires": SECOND_TUESDAY_18}, ["month-relative", "ordinal"]),
    ("it", "domani alle 8 e un quarto", {"fires": ["03-06 08:15"]}, ["once", "quarter"]),
    ("it", "ogni lunedì alle 9 per 3 settimane", MONDAYS_3_WEEKS, ["end", "weekly"]),
    ("it", "3 volte al giorno: alle 8, alle 14 e alle 20", {"fires": THRICE_8_14_20}, ["n-a-day"]),
    ("it", "la settimana prossima mercoledì alle 10", {"fires": NEXT_WEDNESDAY_10}, ["relative-week"]),
    # Korean
    ("ko", "매월 두 번째 화요일 오후 7시", {"fires": SECOND_TUESDAY_19}, ["month-relative", "ordinal"]),
    ("ko", "내일 아침 8시반", {"fires": ["03-06 08:30"]}, ["once", "half-past"]),
    ("ko", "금요일 빼고 매일 오전 7시", {"fires": NOT_FRIDAY_7}, ["exclusion", "daily"]),
    ("ko", "매주 월요일 오전 9시, 3주 동안", MONDAYS_3_WEEKS, ["end", "weekly"]),
    ("ko", "하루 두 번 오전 8시랑 오후 8시", {"fires": TWICE_8_20}, ["twice-a-day"]),
    ("ko", "다음 주 수요일 오전 10시", {"fires": NEXT_WEDNESDAY_10}, ["relative-week"]),
    # Hindi, Latin script
    ("hi-Latn", "roz raat 10 baje", {"fires": NIGHTLY_22}, ["daily", "day-part"]),
    ("hi-Latn", "kal subah saadhe 7 baje", {"fires": ["03-06 07:30"]}, ["once", "half-past"]),
    ("hi-Latn", "har mahine pehle somvar ko 10 baje subah", {"fires": ["04-06 10:00", "05-04 10:00", "06-01 10:00"]}, ["month-relative", "ordinal"]),
    ("hi-Latn", "har somvar ko subah 9 baje, 3 baar yaad dilana", MONDAYS_3_WEEKS, ["count", "weekly"]),
    ("hi-Latn", "parso dopahar 12 baje", {"fires": ["03-07 12:00"]}, ["once", "noon"]),
    # Hindi, Devanagari
    ("hi-Deva", "रोज़ रात 10 बजे", {"fires": NIGHTLY_22}, ["daily", "day-part"]),
    ("hi-Deva", "कल सुबह साढ़े 7 बजे", {"fires": ["03-06 07:30"]}, ["once", "half-past"]),
    ("hi-Deva", "हर सोमवार को सुबह 9 बजे", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["weekly"]),
    ("hi-Deva", "परसों दोपहर 12 बजे याद दिलाना", {"fires": ["03-07 12:00"]}, ["once", "noon"]),
    ("hi-Deva", "हर महीने की 15 तारीख को सुबह 10 बजे", {"fires": ["03-15 10:00", "04-15 10:00", "05-15 10:00"]}, ["ordinal"]),
]


print_rows(R, "seven", "tuning7")
