"""Builds the twelfth tuning set, tuning12.jsonl, from the rows below. It is a tuning set only (no
held-out part), weighted to where the held-out misses are (Traditional Chinese, Spanish), and
written in sentence shapes the eleventh set has few of: the time after the task, questions
("可以每天…提醒我嗎", "¿me puedes recordar…?"), polite and imperative wrappers (請, 麻煩, 幫我,
porfa), colloquial numbers (兩, 倆, 一個鐘), full-width digits and punctuation, 午夜 / 凌晨 / 傍晚,
Cantonese 下晝 / 朝早 / 夜晚, approximate times ("a eso de", "como a las", "at around": the time or a
question), "todos los santos días", "cada que", and the English shapes left refused. The runs were
decided by hand as local wall times ("03-06 08:00", year 2026) and are converted to UTC here with
Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local. Decisions that
needed one are in the row's note.

    python3 convert12.py > tuning12.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from wall_times import print_new_rows

HK = "Asia/Hong_Kong"
MX = "America/Mexico_City"
LUNAR = "the lunar calendar is not read: refused, never read as the Gregorian date"
ABOUT = "an approximate time ('about', 'a eso de', 'como a las'): that time, or a question"
MIDNIGHT = "midnight is the 00:00 that starts the next day"
WEEK = "for a week runs until now + 7 days"
SIX_DAYS = "jours ouvrables / giorni feriali are Monday to Saturday in law and Monday to Friday in much use: the documented policy asks"
DAILY_7 = ["03-06 07:00", "03-07 07:00", "03-08 07:00"]
DAILY_8 = ["03-06 08:00", "03-07 08:00", "03-08 08:00"]
DAILY_21 = ["03-05 21:00", "03-06 21:00", "03-07 21:00"]
DAILY_22 = ["03-05 22:00", "03-06 22:00", "03-07 22:00"]
WEEKDAYS_8 = ["03-06 08:00", "03-09 08:00", "03-10 08:00"]
TWICE_9_21 = ["03-05 21:00", "03-06 09:00", "03-06 21:00"]
FIRST_MON_9 = ["04-06 09:00", "05-04 09:00", "06-01 09:00"]
IN_2H = ["03-05 12:00"]

R = [
    # Traditional Chinese (Taiwan, Hong Kong): sentence shapes
    ("zh-Hant", "可以每天早上八點提醒我吃藥嗎", {"fires": DAILY_8}, ["daily", "question"]),
    ("zh-Hant", "請在每個禮拜一早上９點提醒我開會", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["weekly", "polite", "full-width"]),
    ("zh-Hant", "麻煩每週五下午５點半提醒我寫週報", {"fires": ["03-06 17:30", "03-13 17:30", "03-20 17:30"]}, ["weekly", "polite", "full-width", "half-past"]),
    ("zh-Hant", "幫我設個提醒：明天早上七點", {"fires": ["03-06 07:00"]}, ["once", "polite"]),
    ("zh-Hant", "提醒我吃藥，每天晚上九點", {"fires": DAILY_21}, ["daily", "time-after"]),
    ("zh-Hant", "倒垃圾，每個禮拜二跟禮拜五晚上八點", {"fires": ["03-06 20:00", "03-10 20:00", "03-13 20:00"]}, ["day-list", "time-after"]),
    ("zh-Hant", "兩個小時後叫我", {"fires": IN_2H}, ["relative", "colloquial-number"]),
    ("zh-Hant", "倆小時後提醒我", {"fires": IN_2H}, ["relative", "colloquial-number"]),
    ("zh-Hant", "午夜提醒我關電腦", {"fires": ["03-06 00:00"], "note": MIDNIGHT}, ["once", "day-part"]),
    ("zh-Hant", "每天凌晨三點備份", {"fires": ["03-06 03:00", "03-07 03:00", "03-08 03:00"]}, ["daily", "day-part"]),
    ("zh-Hant", "每天傍晚六點遛狗", {"fires": ["03-05 18:00", "03-06 18:00", "03-07 18:00"]}, ["daily", "day-part"]),
    ("zh-Hant", "後天中午12點半提醒我", {"fires": ["03-07 12:30"]}, ["once", "half-past"]),
    ("zh-Hant", "每兩週的禮拜三下午三點", {"fires": ["03-11 15:00", "03-25 15:00", "04-08 15:00"], "note": "每兩週 is every 2 weeks (no skip count)"}, ["interval", "weekly"]),
    ("zh-Hant", "每個月的最後一個禮拜天晚上八點", {"fires": ["03-29 20:00", "04-26 20:00", "05-31 20:00"]}, ["last-day", "ordinal"]),
    ("zh-Hant", "每個月5號跟20號晚上9點", {"fires": ["03-05 21:00", "03-20 21:00", "04-05 21:00"]}, ["monthly", "multi-day"]),
    ("zh-Hant", "從下個月開始，每個月1號早上十點", {"fires": ["04-01 10:00", "05-01 10:00", "06-01 10:00"]}, ["monthly", "start"]),
    ("zh-Hant", "每天早上11點，到這個禮拜天為止", {"fires": ["03-05 11:00", "03-06 11:00", "03-07 11:00"], "last": "03-08 11:00"}, ["daily", "end"]),
    ("zh-Hant", "禮拜一到禮拜五每天早上七點半叫我起床", {"fires": ["03-06 07:30", "03-09 07:30", "03-10 07:30"]}, ["workday", "half-past"]),
    ("zh-Hant", "每個禮拜六日早上九點", {"fires": ["03-07 09:00", "03-08 09:00", "03-14 09:00"]}, ["weekend"]),
    ("zh-Hant", "每天提醒我喝水三次，早上九點、下午兩點、晚上六點", {"fires": ["03-05 14:00", "03-05 18:00", "03-06 09:00"], "note": "三次 with three times said is how often a day, not a count"}, ["multi-time", "n-per-day"]),
    ("zh-Hant", "聽日下晝三點提我", {"fires": ["03-06 15:00"], "zone": HK, "note": "Cantonese: 下晝 afternoon"}, ["once", "cantonese"]),
    ("zh-Hant", "每個禮拜三夜晚七點半提我去游水", {"fires": ["03-11 19:30", "03-18 19:30", "03-25 19:30"], "zone": HK}, ["weekly", "cantonese"]),
    ("zh-Hant", "後日朝早十點半開會", {"fires": ["03-07 10:30"], "zone": HK}, ["once", "cantonese"]),
    ("zh-Hant", "每日朝早7點提我食藥", {"fires": DAILY_7, "zone": HK}, ["daily", "cantonese"]),
    ("zh-Hant", "一個鐘之後提我", {"fires": ["03-05 11:00"], "zone": HK, "note": "Cantonese: 一個鐘 one hour"}, ["relative", "cantonese"]),
    ("zh-Hant", "半個鐘後提我熄爐", {"fires": ["03-05 10:30"], "zone": HK}, ["relative", "cantonese"]),
    ("zh-Hant", "每天晚上11點 提醒我 go to bed", {"fires": ["03-05 23:00", "03-06 23:00", "03-07 23:00"]}, ["daily", "mixed-script"]),
    ("zh-Hant", "明天 3pm 提醒我 call 客戶", {"fires": ["03-06 15:00"]}, ["once", "mixed-script"]),
    ("zh-Hant", "每個禮拜一 10:30 team meeting", {"fires": ["03-09 10:30", "03-16 10:30", "03-23 10:30"]}, ["weekly", "mixed-script"]),
    ("zh-Hant", "每天早上八點到十二點，每隔一小時提醒我起來動一動", {"fires": ["03-05 11:00", "03-05 12:00", "03-06 08:00"]}, ["window", "interval"]),
    ("zh-Hant", "下個禮拜四晚上七點", {"fires": ["03-12 19:00"]}, ["relative-week"]),
    ("zh-Hant", "這個禮拜六下午四點", {"fires": ["03-07 16:00"]}, ["once"]),
    ("zh-Hant", "農曆初一十五早上八點提醒我拜拜", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": LUNAR}, ["lunar"]),
    ("zh-Hant", "每天早上八點提醒我，除了禮拜六跟禮拜天", {"fires": WEEKDAYS_8}, ["exclusion", "time-after"]),
    ("zh-Hant", "三天後下午兩點", {"fires": ["03-08 14:00"]}, ["relative"]),
    ("zh-Hant", "每三天早上九點", {"fires": ["03-06 09:00", "03-09 09:00", "03-12 09:00"]}, ["interval"]),
    ("zh-Hant", "每天晚上十點提醒我，提醒五次就好", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-09 22:00"}, ["count", "time-after"]),
    ("zh-Hant", "下午3點提醒我打電話", {"fires": ["03-05 15:00"]}, ["once"]),
    ("zh-Hant", "每週一、三、五早上6點半", {"fires": ["03-06 06:30", "03-09 06:30", "03-11 06:30"]}, ["day-list", "half-past"]),
    ("zh-Hant", "每天早上８：３０", {"fires": ["03-06 08:30", "03-07 08:30", "03-08 08:30"]}, ["daily", "full-width"]),
    ("zh-Hant", "每個月第三個禮拜二晚上8點", {"fires": ["03-17 20:00", "04-21 20:00", "05-19 20:00"]}, ["ordinal"]),
    # Spanish (Spain, Mexico, Argentina; some voice-typed without accents)
    ("es", "¿me puedes recordar todos los días a las 8 de la mañana?", {"fires": DAILY_8}, ["daily", "question"]),
    ("es", "recuérdame tomar la pastilla a eso de las 9 de la noche todos los días", {"fires": DAILY_21, "ask": True, "note": ABOUT}, ["daily", "approximate"]),
    ("es", "como a las 5 de la tarde mañana", {"fires": ["03-06 17:00"], "ask": True, "note": ABOUT}, ["once", "approximate"]),
    ("es", "todos los santos días a las 7", {"fires": DAILY_7}, ["daily", "colloquial"]),
    ("es", "cada que sea lunes a las 10 de la mañana", {"fires": ["03-09 10:00", "03-16 10:00", "03-23 10:00"], "zone": MX}, ["weekly", "colloquial"]),
    ("es", "porfa recuérdame mañana a las 8 y media de la mañana", {"fires": ["03-06 08:30"]}, ["once", "polite", "half-past"]),
    ("es", "a las 9 menos cuarto de la noche todos los viernes", {"fires": ["03-06 20:45", "03-13 20:45", "03-20 20:45"]}, ["weekly", "quarter", "time-before"]),
    ("es", "el primer lunes de cada mes a las 9 de la mañana", {"fires": FIRST_MON_9}, ["ordinal"]),
    ("es", "pasado mañana a las 10 y cuarto", {"fires": ["03-07 10:15"]}, ["once", "quarter"]),
    ("es", "dentro de 2 horas y media", {"fires": ["03-05 12:30"]}, ["relative"]),
    ("es", "en una hora", {"fires": ["03-05 11:00"]}, ["relative"]),
    ("es", "3 veces, cada día a las 8 de la noche", {"fires": ["03-05 20:00", "03-06 20:00", "03-07 20:00"], "last": "03-07 20:00"}, ["count", "time-before"]),
    ("es", "todos los dias habiles a las 8 y media hasta fin de mes", {"fires": ["03-06 08:30", "03-09 08:30", "03-10 08:30"], "last": "03-31 08:30"}, ["workday", "end", "no-accents"]),
    ("es", "de lunes a viernes a las 7 de la mañana", {"fires": ["03-06 07:00", "03-09 07:00", "03-10 07:00"]}, ["workday"]),
    ("es", "todos los fines de semana a las 10 de la mañana", {"fires": ["03-07 10:00", "03-08 10:00", "03-14 10:00"]}, ["weekend"]),
    ("es", "recuerdame llamar a mama el domingo a las 12 del mediodia", {"fires": ["03-08 12:00"]}, ["once", "no-accents", "embedded"]),
    ("es", "cada dos semanas los miércoles a las 6 de la tarde", {"fires": ["03-11 18:00", "03-25 18:00", "04-08 18:00"]}, ["interval", "weekly"]),
    ("es", "todos los dias a las 10 de la noche menos los sabados", {"fires": ["03-05 22:00", "03-06 22:00", "03-08 22:00"]}, ["exclusion", "no-accents"]),
    ("es", "a las 8 de la mañana y a las 8 de la noche todos los días", {"fires": ["03-05 20:00", "03-06 08:00", "03-06 20:00"]}, ["multi-time", "time-before"]),
    ("es", "dos veces al día, a las 9 y a las 21", {"fires": TWICE_9_21}, ["multi-time", "n-per-day"]),
    ("es", "recuerdame en 20 minutos", {"fires": ["03-05 10:20"]}, ["relative", "no-accents"]),
    ("es", "el 25 de cada mes a las 10 de la manana", {"fires": ["03-25 10:00", "04-25 10:00", "05-25 10:00"]}, ["monthly", "no-accents"]),
    ("es", "el ultimo dia de cada mes a las 9 de la noche", {"fires": ["03-31 21:00", "04-30 21:00", "05-31 21:00"]}, ["last-day", "no-accents"]),
    ("es", "hoy a la medianoche", {"fires": ["03-06 00:00"], "note": MIDNIGHT}, ["once", "day-part"]),
    ("es", "a partir del 10 de marzo, todos los dias a las 8", {"fires": ["03-10 08:00", "03-11 08:00", "03-12 08:00"]}, ["start", "no-accents"]),
    ("es", "todos los dias a las 6 de la tarde durante una semana", {"fires": ["03-05 18:00", "03-06 18:00", "03-07 18:00"], "last": "03-11 18:00", "note": WEEK}, ["end", "no-accents"]),
    ("es", "recordame el jueves que viene a las 5 de la tarde", {"fires": ["03-12 17:00"], "zone": "America/Argentina/Buenos_Aires", "note": "el jueves que viene on a Thursday: next week's"}, ["relative-week"]),
    ("es", "cada hora de 9 a 13 entre semana", {"fires": ["03-05 11:00", "03-05 12:00", "03-05 13:00"]}, ["window", "workday"]),
    ("es", "todos los martes a las 7 y media de la mañana, recuérdame sacar la basura", {"fires": ["03-10 07:30", "03-17 07:30", "03-24 07:30"]}, ["weekly", "time-before"]),
    ("es", "mañana en la mañana a las 9", {"fires": ["03-06 09:00"], "zone": MX}, ["once", "day-part"]),
    ("es", "en la noche a las 10 todos los dias", {"fires": DAILY_22, "zone": MX}, ["daily", "day-part", "time-before"]),
    ("es", "recuerdame todos los dias a las 8 pm", {"fires": ["03-05 20:00", "03-06 20:00", "03-07 20:00"]}, ["daily", "mixed-script"]),
    ("es", "todos los lunes a las nueve de la mañana", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["weekly", "number-words"]),
    ("es", "todos los dias a las 8 de la mañana hasta el martes", {"fires": DAILY_8, "last": "03-10 08:00"}, ["end"]),
    ("es", "recuerdame la reunion semanal todos los lunes a las 10", {"fires": ["03-09 10:00", "03-16 10:00", "03-23 10:00"]}, ["named-weekly", "no-accents"]),
    # English: the shapes left refused, and sentence shapes
    ("en", "tomorrow at 9am and 5pm", {"fires": ["03-06 09:00", "03-06 17:00"], "last": "03-06 17:00"}, ["multi-time", "one-date"]),
    ("en", "can you remind me every morning at 7:30?", {"fires": ["03-06 07:30", "03-07 07:30", "03-08 07:30"]}, ["daily", "question"]),
    ("en", "remind me to stretch, every weekday at 3pm", {"fires": ["03-05 15:00", "03-06 15:00", "03-09 15:00"]}, ["workday", "time-after"]),
    ("en", "at around 6pm every day", {"fires": ["03-05 18:00", "03-06 18:00", "03-07 18:00"], "ask": True, "note": ABOUT}, ["daily", "approximate"]),
    ("en", "the weekly sync every tuesday at 11", {"fires": ["03-10 11:00", "03-17 11:00", "03-24 11:00"]}, ["named-weekly"]),
    ("en", "our daily standup on weekdays at 9:30", {"fires": ["03-06 09:30", "03-09 09:30", "03-10 09:30"]}, ["named-daily", "workday"]),
    ("en", "every other thursday at 4pm starting next week", {"fires": ["03-12 16:00", "03-26 16:00", "04-09 16:00"]}, ["interval", "start"]),
    ("en", "in an hour and a half", {"fires": ["03-05 11:30"]}, ["relative"]),
    ("en", "every day at noon until the end of the month", {"fires": ["03-05 12:00", "03-06 12:00", "03-07 12:00"], "last": "03-31 12:00"}, ["end"]),
    ("en", "first monday of every month at 9am", {"fires": FIRST_MON_9}, ["ordinal"]),
    ("en", "every 2nd and 4th tuesday at 7pm", {"fires": ["03-10 19:00", "03-24 19:00", "04-14 19:00"]}, ["ordinal", "multi-day"]),
    ("en", "remind me at midnight to take out the trash", {"fires": ["03-06 00:00"], "note": MIDNIGHT}, ["once", "day-part"]),
    ("en", "every weekend morning at 10", {"fires": ["03-07 10:00", "03-08 10:00", "03-14 10:00"]}, ["weekend", "day-part"]),
    ("en", "day after tomorrow at 5:45 pm", {"fires": ["03-07 17:45"]}, ["once"]),
    ("en", "every day at 7am and 7pm for a week", {"fires": ["03-05 19:00", "03-06 07:00", "03-06 19:00"], "last": "03-12 07:00", "note": WEEK}, ["multi-time", "end", "dst"]),
    ("en", "remind me every 3 hours between 9am and 6pm on weekdays", {"fires": ["03-05 12:00", "03-05 15:00", "03-05 18:00"]}, ["window", "workday"]),
    ("en", "pls remind me tmrw at 9", {"fires": ["03-06 09:00"]}, ["once", "abbreviation"]),
    ("en", "every sunday evening at 8", {"fires": ["03-08 20:00", "03-15 20:00", "03-22 20:00"]}, ["weekly", "day-part", "dst"]),
    ("en", "every day at 9am except weekends", {"fires": ["03-06 09:00", "03-09 09:00", "03-10 09:00"]}, ["exclusion"]),
    ("en", "every monday at 9am for the next 4 weeks", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "03-30 09:00", "note": "for the next 4 weeks runs until now + 28 days"}, ["end"]),
    # Japanese
    ("ja", "毎朝７時に起こしてくれる？", {"fires": DAILY_7}, ["daily", "question", "full-width"]),
    ("ja", "明日の午後３時にリマインドして", {"fires": ["03-06 15:00"]}, ["once", "full-width"]),
    ("ja", "平日の朝8時半にお願いします", {"fires": ["03-06 08:30", "03-09 08:30", "03-10 08:30"]}, ["workday", "polite"]),
    ("ja", "1日3回、8時と13時と19時に薬", {"fires": ["03-05 13:00", "03-05 19:00", "03-06 08:00"]}, ["multi-time", "n-per-day"]),
    ("ja", "毎週月曜と木曜の夜9時", {"fires": ["03-05 21:00", "03-09 21:00", "03-12 21:00"]}, ["day-list"]),
    ("ja", "2時間後に教えて", {"fires": IN_2H}, ["relative"]),
    ("ja", "来週の水曜日の午前10時", {"fires": ["03-11 10:00"]}, ["relative-week"]),
    ("ja", "毎月最終金曜日の17時", {"fires": ["03-27 17:00", "04-24 17:00", "05-29 17:00"]}, ["last-day", "ordinal"]),
    ("ja", "土日の朝9時", {"fires": ["03-07 09:00", "03-08 09:00", "03-14 09:00"], "ask": True, "note": "土日 without 毎週: every weekend, or this one (a question)"}, ["weekend"]),
    ("ja", "毎日深夜0時にバックアップ", {"fires": ["03-06 00:00", "03-07 00:00", "03-08 00:00"]}, ["daily", "day-part"]),
    ("ja", "明後日の正午", {"fires": ["03-07 12:00"]}, ["once"]),
    # Korean
    ("ko", "매일 아침 7시에 알려줄래?", {"fires": DAILY_7}, ["daily", "question"]),
    ("ko", "내일 오후 3시 반에 알려줘", {"fires": ["03-06 15:30"]}, ["once", "half-past"]),
    ("ko", "평일 오전 9시마다", {"fires": ["03-06 09:00", "03-09 09:00", "03-10 09:00"]}, ["workday"]),
    ("ko", "하루에 두 번 오전 9시와 오후 9시", {"fires": TWICE_9_21}, ["multi-time", "n-per-day"]),
    ("ko", "2시간 후에 알려줘", {"fires": IN_2H}, ["relative"]),
    ("ko", "다음 주 수요일 오후 2시", {"fires": ["03-11 14:00"]}, ["relative-week"]),
    ("ko", "매주 월요일 오전 10시 회의", {"fires": ["03-09 10:00", "03-16 10:00", "03-23 10:00"]}, ["weekly", "embedded"]),
    ("ko", "모레 저녁 7시", {"fires": ["03-07 19:00"]}, ["once"]),
    ("ko", "매달 마지막 날 오후 6시", {"fires": ["03-31 18:00", "04-30 18:00", "05-31 18:00"]}, ["last-day"]),
    ("ko", "주말마다 오전 11시", {"fires": ["03-07 11:00", "03-08 11:00", "03-14 11:00"]}, ["weekend"]),
    ("ko", "금요일이 되면 오후 5시에 알려줘", {"fires": ["03-06 17:00"]}, ["conditional"]),
    # Simplified Chinese
    ("zh-Hans", "能不能每天早上七点提醒我跑步", {"fires": DAILY_7}, ["daily", "question"]),
    ("zh-Hans", "俩小时后提醒我", {"fires": IN_2H}, ["relative", "colloquial-number"]),
    ("zh-Hans", "每周二和周四晚上八点", {"fires": ["03-05 20:00", "03-10 20:00", "03-12 20:00"]}, ["day-list"]),
    ("zh-Hans", "下下周一上午十点", {"fires": ["03-16 10:00"]}, ["relative-week"]),
    # German
    ("de", "kannst du mich jeden Morgen um 7 wecken?", {"fires": DAILY_7}, ["daily", "question"]),
    ("de", "übermorgen um halb drei nachmittags", {"fires": ["03-07 14:30"]}, ["once", "half-past"]),
    ("de", "jeden ersten Montag im Monat um 9 Uhr", {"fires": FIRST_MON_9}, ["ordinal"]),
    ("de", "in anderthalb Stunden", {"fires": ["03-05 11:30"]}, ["relative"]),
    ("de", "an jedem Werktag um halb acht", {"fires": ["03-06 07:30", "03-09 07:30", "03-10 07:30"]}, ["workday", "half-past"]),
    ("de", "jeden Abend gegen 22 Uhr", {"fires": DAILY_22, "ask": True, "note": ABOUT}, ["daily", "approximate"]),
    # French
    ("fr", "tu peux me rappeler chaque matin à 8h ?", {"fires": DAILY_8}, ["daily", "question"]),
    ("fr", "après-demain à 14h30", {"fires": ["03-07 14:30"]}, ["once"]),
    ("fr", "tous les jours ouvrables à 8h", {"fires": WEEKDAYS_8, "ask": True, "note": SIX_DAYS}, ["workday"]),
    ("fr", "dans une demi-heure", {"fires": ["03-05 10:30"]}, ["relative"]),
    # Portuguese
    ("pt", "me lembra todo dia às 7 da manhã?", {"fires": DAILY_7}, ["daily", "question"]),
    ("pt", "daqui a duas horas", {"fires": IN_2H}, ["relative"]),
    ("pt", "toda sexta às 18h", {"fires": ["03-06 18:00", "03-13 18:00", "03-20 18:00"]}, ["weekly"]),
    ("pt", "todo último dia do mês às 20h", {"fires": ["03-31 20:00", "04-30 20:00", "05-31 20:00"]}, ["last-day"]),
    # Italian
    ("it", "mi ricordi ogni mattina alle 7?", {"fires": DAILY_7}, ["daily", "question"]),
    ("it", "fra due ore", {"fires": IN_2H}, ["relative"]),
    ("it", "ogni martedì e giovedì alle 18", {"fires": ["03-05 18:00", "03-10 18:00", "03-12 18:00"]}, ["day-list"]),
    ("it", "domani a mezzogiorno", {"fires": ["03-06 12:00"]}, ["once"]),
    ("it", "ogni sera alle 21 per favore", {"fires": DAILY_21}, ["daily", "polite"]),
    ("it", "ogni giorno feriale alle 8", {"fires": WEEKDAYS_8, "ask": True, "note": SIX_DAYS}, ["workday"]),
    # Hinglish
    ("hi-Latn", "roz raat 10 baje yaad dilana", {"fires": DAILY_22}, ["daily"]),
    ("hi-Latn", "kal subah 7 baje uthana", {"fires": ["03-06 07:00"]}, ["once"]),
    ("hi-Latn", "har shukravar shaam 5 baje", {"fires": ["03-06 17:00", "03-13 17:00", "03-20 17:00"]}, ["weekly"]),
    ("hi-Latn", "aadhe ghante baad yaad dilana", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("hi-Latn", "har roz dopahar 1 baje dawai yaad dilana", {"fires": ["03-05 13:00", "03-06 13:00", "03-07 13:00"]}, ["daily", "embedded"]),
    ("hi-Latn", "parso subah 9 baje meeting", {"fires": ["03-07 09:00"]}, ["once", "mixed-script"]),
    # Hindi in Devanagari
    ("hi-Deva", "रोज़ रात 10 बजे याद दिलाना", {"fires": DAILY_22}, ["daily"]),
    ("hi-Deva", "2 घंटे बाद याद दिलाना", {"fires": IN_2H}, ["relative"]),
    ("hi-Deva", "हर मंगलवार शाम 6 बजे", {"fires": ["03-10 18:00", "03-17 18:00", "03-24 18:00"]}, ["weekly"]),
    ("hi-Deva", "परसों दोपहर 2 बजे", {"fires": ["03-07 14:00"]}, ["once"]),
    ("hi-Deva", "हर रोज़ सुबह 6 बजे उठाना", {"fires": ["03-06 06:00", "03-07 06:00", "03-08 06:00"]}, ["daily", "embedded"]),
    ("hi-Deva", "कल सुबह 8 बजे मीटिंग", {"fires": ["03-06 08:00"]}, ["once", "embedded"]),
]


print_new_rows(R, "twl", "tuning12")
