"""Builds the eleventh tuning set, tuning11.jsonl, from the rows below. It is a tuning set only (no
held-out part), weighted to where the held-out misses are: Traditional Chinese as typed in Taiwan
and Hong Kong (禮拜 / 星期 / 週, 點 / 點鐘 / 點半, 早上 / 中午 / 下午 / 晚上 / 半夜, 每隔, 除了,
到…為止, 從…開始, 每個月的最後一個, 兩次, 大後天, 下下週, 農曆 (out of scope: refused), Cantonese
聽日 / 後日 / 每個禮拜 / 逢 / 朝早, English words and digits between), Spanish from Spain and Latin
America (voice-typed without accents, "de la mañana / tarde / noche", "y media / y cuarto / menos
cuarto", "cada 15 días", "días hábiles", "entre semana", "fin de semana", ordinal weekdays, "pasado
mañana", "dentro de 2 horas", "hasta fin de mes", "3 veces"), English (a window on one date,
meetings named "daily" / "weekly", "next week's wednesday"), Japanese and Korean (1日2回,
になったら, 되면, weekday windows), and a few rows in each other language. The runs were decided by
hand as local wall times ("03-06 08:00", year 2026) and are converted to UTC here with Python's
zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local. Decisions that needed
one are in the row's note.

    python3 convert11.py > tuning11.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from wall_times import print_new_rows

HK = "Asia/Hong_Kong"
MX = "America/Mexico_City"
BARE = "a bare hour from 1 to 6 with nothing to say night or day: the afternoon, or a question"
LUNAR = "the lunar calendar is not read: refused, never read as the Gregorian date"
SKIP = "每隔 with a number above one is every N days for some and every N+1 for others: the documented policy asks, naming both"
WEEKDAYS_9 = ["03-06 09:00", "03-09 09:00", "03-10 09:00"]
TWICE_9_21 = ["03-05 21:00", "03-06 09:00", "03-06 21:00"]
TWICE_8_20 = ["03-05 20:00", "03-06 08:00", "03-06 20:00"]
LAST_FRI_17 = ["03-27 17:00", "04-24 17:00", "05-29 17:00"]
FIRST_MON_10 = ["04-06 10:00", "05-04 10:00", "06-01 10:00"]
WEEKENDS_10 = ["03-07 10:00", "03-08 10:00", "03-14 10:00"]
WINDOW_2H = ["03-05 11:00", "03-05 13:00", "03-05 15:00"]
NOT_SUNDAY_8 = ["03-06 08:00", "03-07 08:00", "03-09 08:00"]

R = [
    # Traditional Chinese (Taiwan, Hong Kong)
    ("zh-Hant", "每個禮拜一早上九點開會", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["weekly", "embedded"]),
    ("zh-Hant", "每週三下午兩點半提醒我交報告", {"fires": ["03-11 14:30", "03-18 14:30", "03-25 14:30"]}, ["weekly", "half-past", "embedded"]),
    ("zh-Hant", "星期五晚上七點提醒我倒垃圾", {"fires": ["03-06 19:00"]}, ["once", "embedded"]),
    ("zh-Hant", "聽日早上8點叫我起身", {"fires": ["03-06 08:00"], "zone": HK, "note": "Cantonese: 聽日 tomorrow"}, ["once", "cantonese"]),
    ("zh-Hant", "後日下午三點提我睇醫生", {"fires": ["03-07 15:00"], "zone": HK, "note": "Cantonese: 後日 the day after tomorrow"}, ["once", "cantonese"]),
    ("zh-Hant", "每個禮拜六朝早十點", {"fires": ["03-07 10:00", "03-14 10:00", "03-21 10:00"], "zone": HK}, ["weekly", "cantonese"]),
    ("zh-Hant", "逢星期一至五朝早9點提我", {"fires": WEEKDAYS_9, "zone": HK, "note": "逢: every; 至: to"}, ["workday", "cantonese"]),
    ("zh-Hant", "逢禮拜日夜晚8點", {"fires": ["03-08 20:00", "03-15 20:00", "03-22 20:00"], "zone": HK}, ["weekly", "cantonese"]),
    ("zh-Hant", "今晚11點提我瞓覺", {"fires": ["03-05 23:00"], "zone": HK}, ["once", "cantonese"]),
    ("zh-Hant", "每隔兩天早上7點半提醒我澆花", {"fires": ["03-06 07:30", "03-08 07:30", "03-10 07:30"], "ask": True, "note": SKIP}, ["interval", "half-past", "skip-count"]),
    ("zh-Hant", "每隔三個小時提醒我喝水", {"fires": ["03-05 12:00", "03-05 15:00", "03-05 18:00"]}, ["interval"]),
    ("zh-Hant", "每天早上八點，除了禮拜天", {"fires": NOT_SUNDAY_8}, ["exclusion", "daily"]),
    ("zh-Hant", "除了週末，每天晚上十點提醒我睡覺", {"fires": ["03-05 22:00", "03-06 22:00", "03-09 22:00"]}, ["exclusion", "weekend"]),
    ("zh-Hant", "每天中午12點提醒我吃藥，到3月20日為止", {"fires": ["03-05 12:00", "03-06 12:00", "03-07 12:00"], "last": "03-20 12:00"}, ["end", "noon"]),
    ("zh-Hant", "從下禮拜一開始，每天早上九點", {"fires": ["03-09 09:00", "03-10 09:00", "03-11 09:00"]}, ["start", "daily"]),
    ("zh-Hant", "每個月的最後一個禮拜五下午五點", {"fires": LAST_FRI_17}, ["last-day", "ordinal"]),
    ("zh-Hant", "每個月最後一天晚上9點繳卡費", {"fires": ["03-31 21:00", "04-30 21:00", "05-31 21:00"]}, ["last-day", "embedded"]),
    ("zh-Hant", "每天提醒我兩次，早上9點和晚上9點", {"fires": TWICE_9_21}, ["n-times-a-day", "multi-time"]),
    ("zh-Hant", "一天兩次 早上八點 晚上八點", {"fires": TWICE_8_20}, ["n-times-a-day", "multi-time"]),
    ("zh-Hant", "大後天早上十點", {"fires": ["03-08 10:00"], "note": "大後天: three days on"}, ["once"]),
    ("zh-Hant", "下下週三下午三點", {"fires": ["03-18 15:00"]}, ["relative-week"]),
    ("zh-Hant", "下下禮拜一早上10點", {"fires": ["03-16 10:00"]}, ["relative-week"]),
    ("zh-Hant", "農曆八月十五晚上八點提醒我", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": LUNAR}, ["lunar"]),
    ("zh-Hant", "每年農曆正月初一早上九點", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": LUNAR}, ["lunar"]),
    ("zh-Hant", "半夜12點提醒我關瓦斯", {"fires": ["03-06 00:00"]}, ["midnight", "embedded"]),
    ("zh-Hant", "半夜兩點提醒我看球賽", {"fires": ["03-06 02:00"], "note": "半夜 with 2: the small hours"}, ["day-part", "embedded"]),
    ("zh-Hant", "每週一到週五早上8:30", {"fires": ["03-06 08:30", "03-09 08:30", "03-10 08:30"]}, ["workday"]),
    ("zh-Hant", "禮拜一三五晚上七點去健身房", {"fires": ["03-06 19:00", "03-09 19:00", "03-11 19:00"]}, ["day-list", "embedded"]),
    ("zh-Hant", "每隔一週的禮拜二早上十點", {"fires": ["03-10 10:00", "03-24 10:00", "04-07 10:00"]}, ["every-other"]),
    ("zh-Hant", "每個月15號早上10點繳房租", {"fires": ["03-15 10:00", "04-15 10:00", "05-15 10:00"]}, ["monthly", "embedded"]),
    ("zh-Hant", "每月1號跟15號早上9點", {"fires": ["03-15 09:00", "04-01 09:00", "04-15 09:00"]}, ["monthly"]),
    ("zh-Hant", "明天下午3點半提醒我開會", {"fires": ["03-06 15:30"]}, ["once", "half-past"]),
    ("zh-Hant", "30分鐘後提醒我關火", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("zh-Hant", "每天早上7點 remind 我吃早餐", {"fires": ["03-06 07:00", "03-07 07:00", "03-08 07:00"]}, ["daily", "mixed-script"]),
    ("zh-Hant", "每個weekday早上9點 standup", {"fires": WEEKDAYS_9}, ["workday", "mixed-script"]),
    ("zh-Hant", "下禮拜二上午10點 meeting", {"fires": ["03-10 10:00"]}, ["relative-week", "mixed-script"]),
    ("zh-Hant", "每天下午五點提醒我，總共3次", {"fires": ["03-05 17:00", "03-06 17:00", "03-07 17:00"], "last": "03-07 17:00"}, ["count"]),
    ("zh-Hant", "從今天開始每天晚上八點，持續一週", {"fires": ["03-05 20:00", "03-06 20:00", "03-07 20:00"], "last": "03-11 20:00", "note": "a week: until now + 7 days"}, ["end", "start"]),
    ("zh-Hant", "每天早上九點到下午五點，每兩個小時", {"fires": WINDOW_2H}, ["window"]),
    ("zh-Hant", "每個禮拜天晚上八點半", {"fires": ["03-08 20:30", "03-15 20:30", "03-22 20:30"]}, ["weekly", "half-past"]),
    ("zh-Hant", "三點鐘提醒我", {"fires": ["03-05 15:00"], "ask": True, "note": BARE}, ["bare-hour"]),
    ("zh-Hant", "每天下午三點一刻", {"fires": ["03-05 15:15", "03-06 15:15", "03-07 15:15"]}, ["daily"]),
    ("zh-Hant", "每個月第一個禮拜一早上9點", {"fires": ["04-06 09:00", "05-04 09:00", "06-01 09:00"]}, ["ordinal"]),
    ("zh-Hant", "每個月的第二個星期三晚上七點半", {"fires": ["03-11 19:30", "04-08 19:30", "05-13 19:30"]}, ["ordinal", "half-past"]),
    ("zh-Hant", "3月底之前每天晚上9點提醒我記帳", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-31 21:00"}, ["end", "embedded"]),
    ("zh-Hant", "每天 8am 提醒我量血壓", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"]}, ["daily", "mixed-script"]),
    # Spanish (Spain and Latin America; some voice-typed without accents)
    ("es", "todos los dias a las 8 de la manana", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "zone": MX}, ["daily", "no-accents"]),
    ("es", "a las 8 y media de la noche", {"fires": ["03-05 20:30"], "zone": MX}, ["once", "half-past"]),
    ("es", "mañana a las 7 y cuarto de la mañana", {"fires": ["03-06 07:15"]}, ["once", "quarter"]),
    ("es", "todos los lunes a las 9 menos cuarto", {"fires": ["03-09 08:45", "03-16 08:45", "03-23 08:45"]}, ["weekly", "quarter"]),
    ("es", "cada 15 dias a las 9 de la mañana", {"fires": ["03-06 09:00", "03-21 09:00", "04-05 09:00"]}, ["interval", "no-accents"]),
    ("es", "todos los dias habiles a las 9", {"fires": WEEKDAYS_9, "zone": MX}, ["workday", "no-accents"]),
    ("es", "entre semana a las 7 de la mañana", {"fires": ["03-06 07:00", "03-09 07:00", "03-10 07:00"]}, ["workday"]),
    ("es", "los fines de semana a las 11", {"fires": ["03-07 11:00", "03-08 11:00", "03-14 11:00"]}, ["weekend"]),
    ("es", "el primer lunes de cada mes a las 10", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("es", "pasado mañana a las 6 de la tarde", {"fires": ["03-07 18:00"]}, ["once"]),
    ("es", "dentro de 2 horas", {"fires": ["03-05 12:00"], "zone": MX}, ["relative"]),
    ("es", "recuérdame dentro de media hora", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("es", "todos los dias a las 9 de la noche hasta fin de mes", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-31 21:00"}, ["end", "no-accents"]),
    ("es", "todos los días a las 10 de la noche, 3 veces", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-07 22:00"}, ["count"]),
    ("es", "cada dos horas de 9 a 5 entre semana", {"fires": WINDOW_2H, "note": "from 9 to 5: 09:00 to 17:00"}, ["window", "workday"]),
    ("es", "el último viernes de cada mes a las 5 de la tarde", {"fires": LAST_FRI_17}, ["last-day", "ordinal"]),
    ("es", "el ultimo dia del mes a las 8 de la noche", {"fires": ["03-31 20:00", "04-30 20:00", "05-31 20:00"], "zone": MX}, ["last-day", "no-accents"]),
    ("es", "los martes y jueves a las 7 y media de la tarde", {"fires": ["03-05 19:30", "03-10 19:30", "03-12 19:30"]}, ["day-list", "half-past"]),
    ("es", "cada lunes miercoles y viernes a las 6 de la mañana", {"fires": ["03-06 06:00", "03-09 06:00", "03-11 06:00"], "zone": MX}, ["day-list", "no-accents"]),
    ("es", "mañana a mediodía", {"fires": ["03-06 12:00"]}, ["once", "noon"]),
    ("es", "hoy a las 11 de la noche", {"fires": ["03-05 23:00"], "zone": MX}, ["once"]),
    ("es", "el sabado a las 10 de la mañana", {"fires": ["03-07 10:00"], "zone": MX}, ["once", "no-accents"]),
    ("es", "el próximo martes a las 4 de la tarde", {"fires": ["03-10 16:00"]}, ["relative-week"]),
    ("es", "cada 20 minutos", {"fires": ["03-05 10:20", "03-05 10:40", "03-05 11:00"]}, ["interval"]),
    ("es", "cada media hora de 9 a 12", {"fires": ["03-05 10:30", "03-05 11:00", "03-05 11:30"], "zone": MX}, ["window", "interval"]),
    ("es", "a las 12 del mediodia todos los domingos", {"fires": ["03-08 12:00", "03-15 12:00", "03-22 12:00"]}, ["weekly", "noon", "no-accents"]),
    ("es", "todos los días a la 1 de la tarde", {"fires": ["03-05 13:00", "03-06 13:00", "03-07 13:00"], "zone": MX}, ["daily"]),
    ("es", "recordame el 15 de marzo a las 9 de la mañana", {"fires": ["03-15 09:00"], "zone": "America/Argentina/Buenos_Aires", "note": "voseo: recordame"}, ["once", "month-name"]),
    ("es", "cada dia a las 8 excepto los domingos", {"fires": NOT_SUNDAY_8}, ["exclusion", "no-accents"]),
    ("es", "todos los dias a las 7 y media durante dos semanas", {"fires": ["03-06 07:30", "03-07 07:30", "03-08 07:30"], "last": "03-19 07:30", "zone": MX}, ["end", "half-past"]),
    ("es", "a partir del lunes, todos los días a las 9", {"fires": ["03-09 09:00", "03-10 09:00", "03-11 09:00"]}, ["start", "daily"]),
    ("es", "dos veces al día, a las 9 y a las 21", {"fires": TWICE_9_21}, ["n-times-a-day", "multi-time"]),
    ("es", "en 3 dias a las 10 de la mañana", {"fires": ["03-08 10:00"], "zone": MX}, ["relative", "no-accents"]),
    ("es", "el 1 de abril a las 8 de la mañana", {"fires": ["04-01 08:00"]}, ["once", "month-name"]),
    ("es", "cada 2 semanas los viernes a las 4 de la tarde", {"fires": ["03-06 16:00", "03-20 16:00", "04-03 16:00"], "zone": MX}, ["every-other"]),
    ("es", "mañana temprano a las 6", {"fires": ["03-06 06:00"], "note": "temprano: early morning"}, ["once", "day-part"]),
    ("es", "a las 3", {"fires": ["03-05 15:00"], "ask": True, "note": BARE}, ["bare-hour"]),
    ("es", "todos los dias a las 12 de la noche", {"fires": ["03-06 00:00", "03-07 00:00", "03-08 00:00"], "zone": MX}, ["midnight", "no-accents"]),
    ("es", "recuerdame pagar la luz el dia 20 de cada mes a las 10", {"fires": ["03-20 10:00", "04-20 10:00", "05-20 10:00"], "zone": MX}, ["monthly", "embedded", "no-accents"]),
    # English
    ("en", "every 15 min from 1pm to 3pm on march 12", {"fires": ["03-12 13:00", "03-12 13:15", "03-12 13:30"], "last": "03-12 15:00"}, ["window", "one-date"]),
    ("en", "every half hour between 9am and 11am tomorrow", {"fires": ["03-06 09:00", "03-06 09:30", "03-06 10:00"], "last": "03-06 11:00"}, ["window", "one-date"]),
    ("en", "remind me every 20 minutes from 2pm to 4pm today", {"fires": ["03-05 14:00", "03-05 14:20", "03-05 14:40"], "last": "03-05 16:00"}, ["window", "one-date"]),
    ("en", "daily standup at 9:15 every weekday", {"fires": ["03-06 09:15", "03-09 09:15", "03-10 09:15"]}, ["named-daily", "workday"]),
    ("en", "daily standup mon-fri at 10am", {"fires": ["03-06 10:00", "03-09 10:00", "03-10 10:00"]}, ["named-daily", "workday"]),
    ("en", "weekly review every friday at 4pm", {"fires": ["03-06 16:00", "03-13 16:00", "03-20 16:00"]}, ["named-weekly"]),
    ("en", "next week's wednesday at 3pm", {"fires": ["03-11 15:00"]}, ["relative-week"]),
    ("en", "week after next, thursday 2pm", {"fires": ["03-19 14:00"]}, ["relative-week"]),
    ("en", "every weekday at 8:45am until the end of the month", {"fires": ["03-06 08:45", "03-09 08:45", "03-10 08:45"], "last": "03-31 08:45"}, ["end", "workday"]),
    ("en", "every 2nd and 4th wednesday at 7pm", {"fires": ["03-11 19:00", "03-25 19:00", "04-08 19:00"]}, ["ordinal"]),
    ("en", "twice a day, at 9am and 9pm, for a week", {"fires": TWICE_9_21, "last": "03-12 09:00", "note": "a week: until now + 7 days"}, ["n-times-a-day", "end"]),
    ("en", "in an hour and a half", {"fires": ["03-05 11:30"]}, ["relative"]),
    ("en", "tomorrow morning at 7:30", {"fires": ["03-06 07:30"]}, ["once", "day-part"]),
    ("en", "every sunday night at 9", {"fires": ["03-08 21:00", "03-15 21:00", "03-22 21:00"]}, ["weekly", "day-part", "dst"]),
    ("en", "on the 20th at noon", {"fires": ["03-20 12:00"]}, ["once", "noon"]),
    ("en", "every 3 hours on weekends", {"fires": ["03-07 00:00", "03-07 03:00", "03-07 06:00"]}, ["interval", "weekend"]),
    ("en", "every morning at 6:30 except saturdays and sundays", {"fires": ["03-06 06:30", "03-09 06:30", "03-10 06:30"]}, ["exclusion"]),
    ("en", "standup every day at 9:30 except weekends", {"fires": ["03-06 09:30", "03-09 09:30", "03-10 09:30"]}, ["exclusion", "weekend"]),
    ("en", "weekly 1:1 every other monday at 11am", {"fires": ["03-09 11:00", "03-23 11:00", "04-06 11:00"]}, ["named-weekly", "every-other"]),
    ("en", "on thursday the 12th at 10am", {"fires": ["03-12 10:00"]}, ["once"]),
    # Japanese
    ("ja", "毎日9時と21時、1日2回", {"fires": TWICE_9_21}, ["n-times-a-day", "multi-time"]),
    ("ja", "1日2回 朝8時と夜8時に薬", {"fires": TWICE_8_20}, ["n-times-a-day", "multi-time", "embedded"]),
    ("ja", "1日3回、8時・13時・19時", {"fires": ["03-05 13:00", "03-05 19:00", "03-06 08:00"]}, ["n-times-a-day", "multi-time"]),
    ("ja", "明日になったら9時に教えて", {"fires": ["03-06 09:00"]}, ["once", "conditional"]),
    ("ja", "月曜になったら10時に知らせて", {"fires": ["03-09 10:00"]}, ["once", "conditional"]),
    ("ja", "平日の9時から17時まで2時間ごと", {"fires": WINDOW_2H}, ["window", "workday"]),
    ("ja", "平日の朝8時半", {"fires": ["03-06 08:30", "03-09 08:30", "03-10 08:30"]}, ["workday", "half-past"]),
    ("ja", "毎週土曜日の午後3時", {"fires": ["03-07 15:00", "03-14 15:00", "03-21 15:00"]}, ["weekly"]),
    ("ja", "毎月最終金曜日の18時", {"fires": ["03-27 18:00", "04-24 18:00", "05-29 18:00"]}, ["last-day"]),
    ("ja", "3日後の朝9時", {"fires": ["03-08 09:00"]}, ["relative"]),
    ("ja", "再来週の水曜日の14時", {"fires": ["03-18 14:00"]}, ["relative-week"]),
    ("ja", "毎日夜10時、2週間", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-18 22:00"}, ["end"]),
    ("ja", "毎週月水金の朝7時半", {"fires": ["03-06 07:30", "03-09 07:30", "03-11 07:30"]}, ["day-list", "half-past"]),
    ("ja", "明後日の夕方6時", {"fires": ["03-07 18:00"]}, ["once", "day-part"]),
    # Korean
    ("ko", "내일 아침 9시 되면 알려줘", {"fires": ["03-06 09:00"]}, ["once", "conditional"]),
    ("ko", "월요일이 되면 오전 10시에 알려줘", {"fires": ["03-09 10:00"]}, ["once", "conditional"]),
    ("ko", "평일 오전 9시부터 오후 5시까지 2시간마다", {"fires": WINDOW_2H}, ["window", "workday"]),
    ("ko", "매주 월수금 저녁 7시", {"fires": ["03-06 19:00", "03-09 19:00", "03-11 19:00"]}, ["day-list"]),
    ("ko", "하루 두 번 아침 8시랑 저녁 8시", {"fires": TWICE_8_20}, ["n-times-a-day", "multi-time"]),
    ("ko", "매달 마지막 날 오후 6시", {"fires": ["03-31 18:00", "04-30 18:00", "05-31 18:00"]}, ["last-day"]),
    ("ko", "모레 오후 3시에 회의 알림", {"fires": ["03-07 15:00"]}, ["once", "embedded"]),
    ("ko", "30분 후에 알려줘", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("ko", "매일 밤 11시에 자라고 알려줘", {"fires": ["03-05 23:00", "03-06 23:00", "03-07 23:00"]}, ["daily", "embedded"]),
    ("ko", "주말마다 오전 10시", {"fires": WEEKENDS_10}, ["weekend"]),
    ("ko", "다음 주 화요일 오후 2시", {"fires": ["03-10 14:00"]}, ["relative-week"]),
    ("ko", "매주 금요일 오후 4시, 3번만", {"fires": ["03-06 16:00", "03-13 16:00", "03-20 16:00"], "last": "03-20 16:00"}, ["count"]),
    ("ko", "평일마다 오전 8시 반에 출근 알림", {"fires": ["03-06 08:30", "03-09 08:30", "03-10 08:30"]}, ["workday", "half-past", "embedded"]),
    ("ko", "다다음 주 수요일 오후 2시", {"fires": ["03-18 14:00"]}, ["relative-week"]),
    ("ko", "매월 15일 오전 10시마다", {"fires": ["03-15 10:00", "04-15 10:00", "05-15 10:00"]}, ["monthly"]),
    # Simplified Chinese
    ("zh-Hans", "每隔两天早上8点", {"fires": ["03-06 08:00", "03-08 08:00", "03-10 08:00"], "ask": True, "note": SKIP}, ["interval"]),
    ("zh-Hans", "大后天下午三点", {"fires": ["03-08 15:00"]}, ["once"]),
    ("zh-Hans", "每个月最后一个周五晚上7点", {"fires": ["03-27 19:00", "04-24 19:00", "05-29 19:00"]}, ["last-day", "ordinal"]),
    ("zh-Hans", "工作日每天早上9点，到3月底为止", {"fires": WEEKDAYS_9, "last": "03-31 09:00"}, ["end", "workday"]),
    ("zh-Hans", "下下周一上午10点", {"fires": ["03-16 10:00"]}, ["relative-week"]),
    # German
    ("de", "jeden Werktag um halb acht", {"fires": ["03-06 07:30", "03-09 07:30", "03-10 07:30"]}, ["workday", "half-past"]),
    ("de", "übermorgen um viertel nach neun", {"fires": ["03-07 09:15"]}, ["once", "quarter"]),
    ("de", "alle zwei Wochen freitags um 16 Uhr", {"fires": ["03-06 16:00", "03-20 16:00", "04-03 16:00"]}, ["every-other"]),
    ("de", "jeden ersten Montag im Monat um 10 Uhr", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("de", "in anderthalb Stunden", {"fires": ["03-05 11:30"]}, ["relative"]),
    ("de", "jeden Tag um 8 außer sonntags", {"fires": NOT_SUNDAY_8}, ["exclusion"]),
    ("de", "am letzten Freitag im Monat um 17 Uhr", {"fires": LAST_FRI_17}, ["last-day", "ordinal"]),
    # French
    ("fr", "tous les jours à 8h sauf le dimanche", {"fires": NOT_SUNDAY_8}, ["exclusion"]),
    ("fr", "après-demain à 15h", {"fires": ["03-07 15:00"]}, ["once"]),
    ("fr", "tous les 15 jours le lundi à 9h", {"fires": ["03-09 09:00", "03-23 09:00", "04-06 09:00"]}, ["every-other"]),
    ("fr", "le dernier vendredi du mois à 17h", {"fires": LAST_FRI_17}, ["last-day", "ordinal"]),
    ("fr", "dans une heure et demie", {"fires": ["03-05 11:30"]}, ["relative"]),
    ("fr", "chaque jour ouvré à 9h jusqu'à la fin du mois", {"fires": WEEKDAYS_9, "last": "03-31 09:00"}, ["end", "workday"]),
    # Portuguese
    ("pt", "todo dia útil às 8h", {"fires": ["03-06 08:00", "03-09 08:00", "03-10 08:00"]}, ["workday"]),
    ("pt", "depois de amanhã às 10h", {"fires": ["03-07 10:00"]}, ["once"]),
    ("pt", "de 15 em 15 dias às 9h", {"fires": ["03-06 09:00", "03-21 09:00", "04-05 09:00"]}, ["interval"]),
    ("pt", "toda segunda às 7 da manhã", {"fires": ["03-09 07:00", "03-16 07:00", "03-23 07:00"]}, ["weekly"]),
    # Italian
    ("it", "ogni giorno alle 8 tranne la domenica", {"fires": NOT_SUNDAY_8}, ["exclusion"]),
    ("it", "dopodomani alle 15", {"fires": ["03-07 15:00"]}, ["once"]),
    ("it", "tra un'ora e mezza", {"fires": ["03-05 11:30"]}, ["relative"]),
    ("it", "ogni primo lunedì del mese alle 10", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("it", "ogni giorno lavorativo alle 9 fino alla fine del mese", {"fires": WEEKDAYS_9, "last": "03-31 09:00"}, ["end", "workday"]),
    ("it", "l'ultimo venerdì del mese alle 17", {"fires": LAST_FRI_17}, ["last-day", "ordinal"]),
    ("it", "ogni lunedì mercoledì e venerdì alle 7 e mezza", {"fires": ["03-06 07:30", "03-09 07:30", "03-11 07:30"]}, ["day-list", "half-past"]),
    # Hinglish
    ("hi-Latn", "har roz subah 8 baje", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"]}, ["daily"]),
    ("hi-Latn", "parson shaam 6 baje", {"fires": ["03-07 18:00"]}, ["once"]),
    ("hi-Latn", "har somvar subah 9 baje", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["weekly"]),
    ("hi-Latn", "2 ghante baad yaad dilana", {"fires": ["03-05 12:00"]}, ["relative"]),
    ("hi-Latn", "har mahine ki 15 tareekh ko subah 10 baje", {"fires": ["03-15 10:00", "04-15 10:00", "05-15 10:00"]}, ["monthly"]),
    ("hi-Latn", "weekdays pe subah 9 baje yaad dilana", {"fires": WEEKDAYS_9}, ["workday", "mixed-script"]),
    ("hi-Latn", "agle hafte budhvar ko dopahar 3 baje", {"fires": ["03-11 15:00"]}, ["relative-week"]),
    ("hi-Latn", "har do ghante mein paani peene ki yaad", {"fires": ["03-05 12:00", "03-05 14:00", "03-05 16:00"]}, ["interval", "embedded"]),
    # Hindi in Devanagari
    ("hi-Deva", "हर दिन सुबह 7 बजे", {"fires": ["03-06 07:00", "03-07 07:00", "03-08 07:00"]}, ["daily"]),
    ("hi-Deva", "कल शाम 5 बजे", {"fires": ["03-06 17:00"]}, ["once"]),
    ("hi-Deva", "हर शुक्रवार रात 9 बजे", {"fires": ["03-06 21:00", "03-13 21:00", "03-20 21:00"]}, ["weekly"]),
    ("hi-Deva", "परसों सुबह 10 बजे", {"fires": ["03-07 10:00"]}, ["once"]),
]


print_new_rows(R, "ele", "tuning11")
