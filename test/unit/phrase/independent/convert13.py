"""Builds the thirteenth tuning set, tuning13.jsonl, from the rows below. It is a tuning set only (no
held-out part), weighted to where the held-out misses are (Traditional Chinese, Spanish), and written
in shapes the twelve earlier sets have few of. For Traditional Chinese: Taiwanese usage (禮拜, 點一刻 /
點三刻, 鐘頭, 每逢, 每兩個禮拜, 隔週, 單週 / 雙週 asked, 月初 / 月中 asked, 月底, the last or first weekday of
the month, 農曆 refused), simplified characters and full-width digits mixed in (每个禮拜, 早8點, ８點半,
8：30), durations (過十分鐘, 一個半鐘頭後), ranges and windows (上班時間 asked, 九點到五點每兩小時, 每小時…
早上九點到晚上六點), ends and counts (到月底為止, 持續三週, 共十次). For Spanish: Spain, Mexico and
Argentina, written without accents or voice-typed ("a las ocho y media de la mañana"), "cada quince
días", "entre semana", "de lunes a jueves", "los días laborables", ordinal weekdays of the month, "el
último día", "hasta el 15 de abril", "durante dos semanas", "dentro de media hora", "pasado manana",
"al mediodía", "a medianoche" (asked beside a day), counts. English and the other languages: every other
week on a day, the last Friday of the month, half an hour from now, an hourly window on weekdays, ends
and counts. The runs were decided by hand as local wall times ("03-06 08:00", year 2026) and are
converted to UTC here with Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00
local. Decisions that needed one are in the row's note.

    python3 convert13.py > tuning13.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from wall_times import print_new_rows

MX = "America/Mexico_City"
BA = "America/Argentina/Buenos_Aires"
LUNAR = "the lunar calendar is not read: refused, never read as the Gregorian date"
PARITY = "單週 / 雙週 (odd or even weeks) does not say which week counts as odd: asked"
SPAN = "月初 / 月中 is a span of days, not a day: asked"
MONTH_END = "月底 / 月末 read as the last day of the month, or asked"
VAGUE = "no time the reader can fire at: asked"
FIVE_PM = "a bare 5 (or 6) closing a window that opens in the morning is 17:00 (18:00), as 'from 9 to 5'"
MIDNIGHT_DAY = "midnight beside a named day: its start or its end? asked (docs/phrases.md)"
BARE = "a bare hour from 1 to 6 with nothing to say night or day: asked"
NOON = "中午 alone is noon, 12:00, or asked"
ABOUT = "an approximate time: that time, or a question"
LAST_WORKDAY = "the last weekday of each month: that reading, or asked"
DAILY_7 = ["03-06 07:00", "03-07 07:00", "03-08 07:00"]
DAILY_8 = ["03-06 08:00", "03-07 08:00", "03-08 08:00"]
DAILY_2030 = ["03-05 20:30", "03-06 20:30", "03-07 20:30"]
WEEKDAYS_8 = ["03-06 08:00", "03-09 08:00", "03-10 08:00"]
HOURLY_9_17 = ["03-05 11:00", "03-05 12:00", "03-05 13:00"]
OTHER_THU_18 = ["03-05 18:00", "03-19 18:00", "04-02 18:00"]
LAST_FRI_15 = ["03-27 15:00", "04-24 15:00", "05-29 15:00"]
FIRST_MON_10 = ["04-06 10:00", "05-04 10:00", "06-01 10:00"]
IN_HALF_HOUR = ["03-05 10:30"]
IN_90_MIN = ["03-05 11:30"]
TEN_MORNINGS_7 = {"fires": DAILY_7, "last": "03-15 07:00"}

R = [
    # Traditional Chinese (Taiwan, Hong Kong): usage, mixed scripts, durations, windows, ends
    ("zh-Hant", "禮拜五下午隨便幾點提醒我都可以", {"refused": ["ambiguous_schedule"], "note": VAGUE}, ["vague", "colloquial"]),
    ("zh-Hant", "每個禮拜二早上十點半", {"fires": ["03-10 10:30", "03-17 10:30", "03-24 10:30"]}, ["weekly", "half-past"]),
    ("zh-Hant", "禮拜天晚上七點一刻提醒我打電話回家", {"fires": ["03-08 19:15"]}, ["once", "quarter"]),
    ("zh-Hant", "每天下午三點三刻喝水", {"fires": ["03-05 15:45", "03-06 15:45", "03-07 15:45"]}, ["daily", "quarter"]),
    ("zh-Hant", "每天中午十二點一刻", {"fires": ["03-05 12:15", "03-06 12:15", "03-07 12:15"]}, ["daily", "quarter"]),
    ("zh-Hant", "明天晚上八點三刻", {"fires": ["03-06 20:45"]}, ["once", "quarter"]),
    ("zh-Hant", "每逢禮拜一早上九點開週會", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["weekly", "every-word"]),
    ("zh-Hant", "每逢週末下午四點", {"fires": ["03-07 16:00", "03-08 16:00", "03-14 16:00"]}, ["weekend", "every-word"]),
    ("zh-Hant", "每兩個禮拜的禮拜四晚上七點", {"fires": ["03-05 19:00", "03-19 19:00", "04-02 19:00"]}, ["interval", "weekly"]),
    ("zh-Hant", "隔週禮拜五下午五點", {"fires": ["03-06 17:00", "03-20 17:00", "04-03 17:00"]}, ["interval", "weekly"]),
    ("zh-Hant", "單週禮拜一早上九點", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": PARITY}, ["interval", "parity"]),
    ("zh-Hant", "雙週的禮拜三下午兩點開會", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": PARITY}, ["interval", "parity"]),
    ("zh-Hant", "每個月月初早上九點", {"refused": ["ambiguous_schedule"], "note": SPAN}, ["monthly", "span"]),
    ("zh-Hant", "每個月月中提醒我繳卡費", {"refused": ["ambiguous_schedule"], "note": SPAN}, ["monthly", "span"]),
    ("zh-Hant", "每個月月底晚上九點對帳", {"fires": ["03-31 21:00", "04-30 21:00", "05-31 21:00"], "ask": True, "note": MONTH_END}, ["last-day"]),
    ("zh-Hant", "每個月的最後一個禮拜五下午三點", {"fires": LAST_FRI_15}, ["last-day", "ordinal"]),
    ("zh-Hant", "每個月第一個禮拜一早上十點", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("zh-Hant", "農曆每月初一早上拜拜", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": LUNAR}, ["lunar"]),
    ("zh-Hant", "農曆新年前一天晚上八點", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": LUNAR}, ["lunar"]),
    ("zh-Hant", "每天早8點吃藥", {"fires": DAILY_8}, ["daily", "mixed-script"]),
    ("zh-Hant", "每天晚上8點半 记得喝水", {"fires": DAILY_2030}, ["daily", "mixed-script", "half-past"]),
    ("zh-Hant", "每个禮拜五晚上九點", {"fires": ["03-06 21:00", "03-13 21:00", "03-20 21:00"]}, ["weekly", "mixed-script"]),
    ("zh-Hant", "明天早上８點半", {"fires": ["03-06 08:30"]}, ["once", "full-width", "half-past"]),
    ("zh-Hant", "每天早上8：30", {"fires": ["03-06 08:30", "03-07 08:30", "03-08 08:30"]}, ["daily", "full-width"]),
    ("zh-Hant", "每週三 下午3點", {"fires": ["03-11 15:00", "03-18 15:00", "03-25 15:00"]}, ["weekly", "mixed-script"]),
    ("zh-Hant", "過半小時提醒我關火", {"fires": IN_HALF_HOUR}, ["relative", "duration"]),
    ("zh-Hant", "一個半鐘頭後叫我", {"fires": IN_90_MIN}, ["relative", "duration"]),
    ("zh-Hant", "過十分鐘提醒我", {"fires": ["03-05 10:10"]}, ["relative", "duration"]),
    ("zh-Hant", "再過二十分鐘叫我", {"fires": ["03-05 10:20"]}, ["relative", "duration"]),
    ("zh-Hant", "上班時間每小時提醒我站起來", {"refused": ["ambiguous_schedule"], "note": "上班時間 (working hours) says no hours: asked"}, ["window", "vague"]),
    ("zh-Hant", "每天九點到五點每兩小時提醒我喝水", {"fires": ["03-05 11:00", "03-05 13:00", "03-05 15:00"], "note": FIVE_PM}, ["window", "daily"]),
    ("zh-Hant", "平日早上九點到下午六點，每三十分鐘", {"fires": ["03-05 10:30", "03-05 11:00", "03-05 11:30"]}, ["window", "workday"]),
    ("zh-Hant", "每小時提醒我喝水，早上九點到晚上六點", {"fires": HOURLY_9_17, "note": "a window said after the interval"}, ["window", "time-after"]),
    ("zh-Hant", "每天早上七點，到月底為止", {"fires": DAILY_7, "last": "03-31 07:00"}, ["daily", "end"]),
    ("zh-Hant", "每天晚上十點提醒我記帳，持續三週", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-25 22:00", "note": "for three weeks runs until now + 21 days"}, ["daily", "end", "duration"]),
    ("zh-Hant", "每天早上九點提醒我，共十次", {"fires": ["03-06 09:00", "03-07 09:00", "03-08 09:00"], "last": "03-15 09:00"}, ["daily", "count"]),
    ("zh-Hant", "每個禮拜一三五早上六點半跑步", {"fires": ["03-06 06:30", "03-09 06:30", "03-11 06:30"]}, ["day-list", "half-past"]),
    ("zh-Hant", "禮拜六早上十點帶小孩去上課", {"fires": ["03-07 10:00"]}, ["once", "embedded"]),
    ("zh-Hant", "下禮拜二下午兩點半看牙醫", {"fires": ["03-10 14:30"]}, ["relative-week", "half-past"]),
    ("zh-Hant", "這禮拜五晚上七點聚餐", {"fires": ["03-06 19:00"]}, ["once", "embedded"]),
    ("zh-Hant", "下個月5號早上十點繳房租", {"fires": ["04-05 10:00"]}, ["month-relative", "embedded"]),
    ("zh-Hant", "每個月10號跟25號早上九點", {"fires": ["03-10 09:00", "03-25 09:00", "04-10 09:00"]}, ["monthly", "multi-day"]),
    ("zh-Hant", "每天早上六點半叫我起床，禮拜六日除外", {"fires": ["03-06 06:30", "03-09 06:30", "03-10 06:30"]}, ["exclusion", "time-after"]),
    ("zh-Hant", "每天晚上11點半提醒我睡覺", {"fires": ["03-05 23:30", "03-06 23:30", "03-07 23:30"]}, ["daily", "half-past"]),
    ("zh-Hant", "禮拜三中午提醒我訂便當", {"fires": ["03-11 12:00"], "ask": True, "note": NOON}, ["once", "day-part"]),
    ("zh-Hant", "後天下午三點一刻", {"fires": ["03-07 15:15"]}, ["once", "quarter"]),
    ("zh-Hant", "大後天早上十點", {"fires": ["03-08 10:00"]}, ["once"]),
    ("zh-Hant", "每十五分鐘提醒一次，從下午一點到三點", {"fires": ["03-05 13:00", "03-05 13:15", "03-05 13:30"], "note": "提醒一次 is how each reminder goes, not a count"}, ["window", "time-after"]),
    ("zh-Hant", "每個禮拜五下班前提醒我", {"refused": ["ambiguous_schedule"], "note": VAGUE}, ["weekly", "vague"]),
    ("zh-Hant", "每天早上七點四十五分", {"fires": ["03-06 07:45", "03-07 07:45", "03-08 07:45"]}, ["daily"]),
    ("zh-Hant", "每個禮拜天晚上九點，到四月底", {"fires": ["03-08 21:00", "03-15 21:00", "03-22 21:00"], "last": "04-26 21:00"}, ["weekly", "end"]),
    ("zh-Hant", "每兩天早上八點澆花", {"fires": ["03-06 08:00", "03-08 08:00", "03-10 08:00"]}, ["interval", "daily"]),
    ("zh-Hant", "每天早上十點零五分", {"fires": ["03-05 10:05", "03-06 10:05", "03-07 10:05"]}, ["daily"]),
    ("zh-Hant", "每天睡前提醒我", {"refused": ["ambiguous_schedule"], "note": VAGUE}, ["daily", "vague"]),
    ("zh-Hant", "每天早上七點到九點之間，每半小時提醒一次", {"fires": ["03-06 07:00", "03-06 07:30", "03-06 08:00"]}, ["window", "time-after"]),
    ("zh-Hant", "每個禮拜二、四晚上八點半", {"fires": ["03-05 20:30", "03-10 20:30", "03-12 20:30"]}, ["day-list", "half-past"]),
    ("zh-Hant", "今天晚上十二點提醒我", {"fires": ["03-06 00:00"], "note": "today at midnight is the one that ends today"}, ["once", "midnight"]),
    ("zh-Hant", "下下禮拜一早上九點", {"fires": ["03-16 09:00"]}, ["relative-week"]),
    # Spanish (Spain, Mexico, Argentina; some without accents, some voice-typed)
    ("es", "a las ocho y media de la mañana todos los días", {"fires": ["03-06 08:30", "03-07 08:30", "03-08 08:30"]}, ["daily", "voice", "time-before"]),
    ("es", "mañana a las ocho y media de la mañana", {"fires": ["03-06 08:30"]}, ["once", "voice"]),
    ("es", "cada quince días los lunes a las nueve", {"fires": ["03-09 09:00", "03-23 09:00", "04-06 09:00"], "note": "cada quince días with a weekday is every other week"}, ["interval", "weekly"]),
    ("es", "entre semana a las siete de la mañana", {"fires": ["03-06 07:00", "03-09 07:00", "03-10 07:00"]}, ["workday", "voice"]),
    ("es", "de lunes a viernes a las 7:45", {"fires": ["03-06 07:45", "03-09 07:45", "03-10 07:45"]}, ["workday"]),
    ("es", "los días laborables a las 8", {"fires": WEEKDAYS_8}, ["workday"]),
    ("es", "el primer lunes de cada mes a las 10", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("es", "todos los meses el último día a las 18:00", {"fires": ["03-31 18:00", "04-30 18:00", "05-31 18:00"]}, ["last-day"]),
    ("es", "todos los dias a las 9 hasta el 15 de abril", {"fires": ["03-06 09:00", "03-07 09:00", "03-08 09:00"], "last": "04-15 09:00"}, ["daily", "end", "no-accents", "dst"]),
    ("es", "durante dos semanas, todos los días a las 8 de la noche", {"fires": ["03-05 20:00", "03-06 20:00", "03-07 20:00"], "last": "03-18 20:00", "note": "for two weeks runs until now + 14 days"}, ["daily", "end", "time-after"]),
    ("es", "recuérdame dentro de media hora que saque la ropa", {"fires": IN_HALF_HOUR}, ["relative", "embedded"]),
    ("es", "pasado manana a las 5 de la tarde", {"fires": ["03-07 17:00"]}, ["once", "no-accents"]),
    ("es", "al mediodía todos los días", {"fires": ["03-05 12:00", "03-06 12:00", "03-07 12:00"]}, ["daily", "time-before"]),
    ("es", "a medianoche todos los viernes", {"refused": ["ambiguous_schedule"], "note": MIDNIGHT_DAY}, ["weekly", "midnight"]),
    ("es", "el segundo martes de cada mes a las 19:00", {"fires": ["03-10 19:00", "04-14 19:00", "05-12 19:00"]}, ["ordinal"]),
    ("es", "el tercer jueves de cada mes a las 11", {"fires": ["03-19 11:00", "04-16 11:00", "05-21 11:00"]}, ["ordinal"]),
    ("es", "10 veces, todos los dias a las 7 de la mañana", {**TEN_MORNINGS_7}, ["count", "time-after", "no-accents"]),
    ("es", "cada dos horas de 9 a 5", {"fires": ["03-05 11:00", "03-05 13:00", "03-05 15:00"], "note": FIVE_PM}, ["window"]),
    ("es", "los lunes, miércoles y viernes a las 6 y media de la tarde", {"fires": ["03-06 18:30", "03-09 18:30", "03-11 18:30"]}, ["day-list", "half-past"]),
    ("es", "los sabados a las 10 de la mañana", {"fires": ["03-07 10:00", "03-14 10:00", "03-21 10:00"]}, ["weekly", "no-accents"]),
    ("es", "el viernes a las 3 de la tarde", {"fires": ["03-06 15:00"]}, ["once"]),
    ("es", "el próximo martes a las 9 y cuarto", {"fires": ["03-10 09:15"]}, ["relative-week", "quarter"]),
    ("es", "a las nueve menos cuarto todos los dias", {"fires": ["03-06 08:45", "03-07 08:45", "03-08 08:45"]}, ["daily", "quarter", "voice", "no-accents"]),
    ("es", "recuérdame cada lunes a las 8 de la mañana, durante un mes", {"fires": ["03-09 08:00", "03-16 08:00", "03-23 08:00"], "last": "03-30 08:00", "note": "for a month runs until now + 1 month (5 April, 10:00)"}, ["weekly", "end"]),
    ("es", "pasado mañana al mediodía", {"fires": ["03-07 12:00"]}, ["once"]),
    ("es", "mañana a medianoche", {"refused": ["ambiguous_schedule"], "note": MIDNIGHT_DAY}, ["once", "midnight"]),
    ("es", "esta noche a las 11", {"fires": ["03-05 23:00"]}, ["once", "day-part"]),
    ("es", "en una hora y media", {"fires": IN_90_MIN, "zone": MX}, ["relative", "latam"]),
    ("es", "dentro de 45 minutos", {"fires": ["03-05 10:45"]}, ["relative"]),
    ("es", "el 20 de marzo a las 4 y media de la tarde", {"fires": ["03-20 16:30"]}, ["once", "half-past"]),
    ("es", "todos los días a las 4", {"refused": ["ambiguous_schedule"], "note": BARE}, ["daily", "bare-hour"]),
    ("es", "cada 2 semanas el jueves a las 18 h", {"fires": OTHER_THU_18}, ["interval", "weekly"]),
    ("es", "todos los domingos a las 9 de la noche hasta fin de año", {"fires": ["03-08 21:00", "03-15 21:00", "03-22 21:00"], "last": "12-27 21:00"}, ["weekly", "end"]),
    ("es", "a las 12 del mediodía el sábado", {"fires": ["03-07 12:00"]}, ["once", "time-before"]),
    ("es", "el día 1 de cada mes a las 9 de la mañana", {"fires": ["04-01 09:00", "05-01 09:00", "06-01 09:00"]}, ["monthly"]),
    ("es", "el 15 de cada mes a las 10", {"fires": ["03-15 10:00", "04-15 10:00", "05-15 10:00"]}, ["monthly"]),
    ("es", "todos los días laborables a las 7 y media, excepto los viernes", {"fires": ["03-09 07:30", "03-10 07:30", "03-11 07:30"]}, ["workday", "exclusion", "half-past"]),
    ("es", "cada hora de 9 a 6 entre semana", {"fires": HOURLY_9_17, "note": "a bare 6 closing a window that opens at 9 is 18:00"}, ["window", "workday"]),
    ("es", "avísame en 20 minutos", {"fires": ["03-05 10:20"], "zone": MX}, ["relative", "latam"]),
    ("es", "el lunes que viene a las ocho", {"fires": ["03-09 08:00"]}, ["relative-week", "voice"]),
    ("es", "a las 8 de la noche, de lunes a jueves", {"fires": ["03-05 20:00", "03-09 20:00", "03-10 20:00"]}, ["workday", "time-before"]),
    ("es", "todos los fines de semana a las 10", {"fires": ["03-07 10:00", "03-08 10:00", "03-14 10:00"]}, ["weekend"]),
    ("es", "cada tres días a las 9 de la noche", {"fires": ["03-05 21:00", "03-08 21:00", "03-11 21:00"]}, ["interval"]),
    ("es", "recordame mañana a las 7 de la mañana", {"fires": ["03-06 07:00"], "zone": BA}, ["once", "latam", "voseo"]),
    ("es", "a la una y media de la tarde todos los dias", {"fires": ["03-05 13:30", "03-06 13:30", "03-07 13:30"]}, ["daily", "voice", "no-accents"]),
    ("es", "el miércoles 11 de marzo a las 10 y cuarto", {"fires": ["03-11 10:15"]}, ["once", "quarter"]),
    ("es", "hasta el viernes, cada día a las 9 de la noche", {"fires": ["03-05 21:00", "03-06 21:00"], "last": "03-06 21:00"}, ["daily", "end", "time-after"]),
    ("es", "a las siete y cuarto de la tarde los martes y jueves", {"fires": ["03-05 19:15", "03-10 19:15", "03-12 19:15"]}, ["day-list", "quarter", "voice"]),
    ("es", "todos los dias a las 10 de la noche por 5 dias", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-09 22:00", "note": "for 5 days runs until now + 5 days"}, ["daily", "end", "no-accents", "latam"]),
    ("es", "cada lunes y jueves a las 7 de la tarde hasta fin de mes", {"fires": ["03-05 19:00", "03-09 19:00", "03-12 19:00"], "last": "03-30 19:00"}, ["day-list", "end"]),
    ("es", "dentro de quince minutos", {"fires": ["03-05 10:15"]}, ["relative", "voice"]),
    ("es", "todos los días a las 5 de la madrugada", {"fires": ["03-06 05:00", "03-07 05:00", "03-08 05:00"]}, ["daily", "day-part"]),
    ("es", "el último viernes de cada mes a las 3 de la tarde", {"fires": LAST_FRI_15}, ["last-day", "ordinal"]),
    # English
    ("en", "every other week on thursday at 4pm", {"fires": ["03-05 16:00", "03-19 16:00", "04-02 16:00"]}, ["interval", "weekly"]),
    ("en", "on the first and third monday of every month at 10am", {"fires": ["03-16 10:00", "04-06 10:00", "04-20 10:00"]}, ["ordinal"]),
    ("en", "remind me in an hour and a half", {"fires": IN_90_MIN}, ["relative"]),
    ("en", "half past 7 every weekday evening", {"fires": ["03-05 19:30", "03-06 19:30", "03-09 19:30"]}, ["workday", "half-past", "day-part"]),
    ("en", "quarter to nine every morning", {"fires": ["03-06 08:45", "03-07 08:45", "03-08 08:45"]}, ["daily", "quarter"]),
    ("en", "on the last business day of each month at 5pm", {"fires": ["03-31 17:00", "04-30 17:00", "05-29 17:00"], "ask": True, "note": LAST_WORKDAY}, ["last-day", "workday"]),
    ("en", "every day at noon for the next 10 days", {"fires": ["03-05 12:00", "03-06 12:00", "03-07 12:00"], "last": "03-14 12:00", "note": "for 10 days runs until now + 10 days"}, ["daily", "end"]),
    ("en", "every monday at 9 until the end of april", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "04-27 09:00"}, ["weekly", "end"]),
    ("en", "twice a week", {"refused": ["ambiguous_schedule"], "note": VAGUE}, ["vague"]),
    ("en", "tomorrow at 8ish", {"fires": ["03-06 08:00"], "ask": True, "note": ABOUT}, ["once", "approximate"]),
    ("en", "at 5:30 in the evening every tuesday and thursday", {"fires": ["03-05 17:30", "03-10 17:30", "03-12 17:30"]}, ["day-list", "time-before"]),
    ("en", "a week from today at 10am", {"fires": ["03-12 10:00"]}, ["relative"]),
    ("en", "every 2nd and 4th thursday at 7pm", {"fires": ["03-12 19:00", "03-26 19:00", "04-09 19:00"]}, ["ordinal"]),
    ("en", "daily at 0700 for 5 days", {"fires": DAILY_7, "last": "03-10 07:00", "note": "for 5 days runs until now + 5 days"}, ["daily", "end", "military"]),
    ("en", "the day after tomorrow at noon", {"fires": ["03-07 12:00"]}, ["once"]),
    ("en", "every sunday night at 9", {"fires": ["03-08 21:00", "03-15 21:00", "03-22 21:00"]}, ["weekly", "day-part"]),
    ("en", "every weekday from 9 to 5, every hour", {"fires": ["03-05 11:00", "03-05 12:00", "03-05 13:00"], "note": FIVE_PM}, ["window", "workday"]),
    ("en", "every third wednesday of the month at 2:30pm", {"fires": ["03-18 14:30", "04-15 14:30", "05-20 14:30"]}, ["ordinal"]),
    ("en", "in 45 mins", {"fires": ["03-05 10:45"]}, ["relative"]),
    ("en", "each weekday at a quarter past eight", {"fires": ["03-06 08:15", "03-09 08:15", "03-10 08:15"]}, ["workday", "quarter"]),
    ("en", "every tuesday evening at 6:30 until march 31", {"fires": ["03-10 18:30", "03-17 18:30", "03-24 18:30"], "last": "03-31 18:30"}, ["weekly", "end", "day-part"]),
    ("en", "every fortnight on monday at 9am", {"fires": ["03-09 09:00", "03-23 09:00", "04-06 09:00"]}, ["interval", "weekly"]),
    ("en", "every other day at 7pm", {"fires": ["03-05 19:00", "03-07 19:00", "03-09 19:00"]}, ["interval"]),
    ("en", "remind me at 11:45 tonight", {"fires": ["03-05 23:45"]}, ["once", "time-before"]),
    ("en", "the 1st of every month at midnight", {"refused": ["ambiguous_schedule"], "note": MIDNIGHT_DAY}, ["monthly", "midnight"]),
    ("en", "10 minutes from now", {"fires": ["03-05 10:10"]}, ["relative"]),
    # Simplified Chinese
    ("zh-Hans", "每两周的周五下午五点", {"fires": ["03-06 17:00", "03-20 17:00", "04-03 17:00"]}, ["interval", "weekly"]),
    ("zh-Hans", "每个月月底晚上八点", {"fires": ["03-31 20:00", "04-30 20:00", "05-31 20:00"], "ask": True, "note": MONTH_END}, ["last-day"]),
    ("zh-Hans", "过十分钟提醒我", {"fires": ["03-05 10:10"]}, ["relative", "duration"]),
    ("zh-Hans", "工作日早上九点到下午五点每小时", {"fires": HOURLY_9_17}, ["window", "workday"]),
    ("zh-Hans", "每天早上八点，持续两周", {"fires": DAILY_8, "last": "03-19 08:00", "note": "for two weeks runs until now + 14 days"}, ["daily", "end"]),
    # Japanese
    ("ja", "隔週の金曜日19時", {"fires": ["03-06 19:00", "03-20 19:00", "04-03 19:00"]}, ["interval", "weekly"]),
    ("ja", "毎月末の18時", {"fires": ["03-31 18:00", "04-30 18:00", "05-31 18:00"], "ask": True, "note": MONTH_END}, ["last-day"]),
    ("ja", "30分後に教えて", {"fires": IN_HALF_HOUR}, ["relative"]),
    ("ja", "平日の9時から17時まで1時間ごと", {"fires": HOURLY_9_17}, ["window", "workday"]),
    ("ja", "毎朝7時、10回", {**TEN_MORNINGS_7}, ["daily", "count"]),
    # German
    ("de", "alle zwei Wochen donnerstags um 18 Uhr", {"fires": OTHER_THU_18}, ["interval", "weekly"]),
    ("de", "jeden letzten Freitag im Monat um 15 Uhr", {"fires": LAST_FRI_15}, ["last-day", "ordinal"]),
    ("de", "in einer halben Stunde", {"fires": IN_HALF_HOUR}, ["relative"]),
    ("de", "werktags von 9 bis 17 Uhr stündlich", {"fires": HOURLY_9_17}, ["window", "workday"]),
    ("de", "täglich um Viertel nach acht, zwei Wochen lang", {"fires": ["03-06 08:15", "03-07 08:15", "03-08 08:15"], "last": "03-19 08:15"}, ["daily", "end", "quarter"]),
    # French
    ("fr", "un jeudi sur deux à 18h", {"fires": OTHER_THU_18}, ["interval", "weekly"]),
    ("fr", "le dernier vendredi de chaque mois à 15h", {"fires": LAST_FRI_15}, ["last-day", "ordinal"]),
    ("fr", "dans une heure et demie", {"fires": IN_90_MIN}, ["relative"]),
    ("fr", "du lundi au vendredi toutes les heures de 9h à 17h", {"fires": HOURLY_9_17}, ["window", "workday"]),
    # Portuguese
    ("pt", "a cada duas semanas na quinta às 18h", {"fires": OTHER_THU_18}, ["interval", "weekly"]),
    ("pt", "na última sexta-feira de cada mês às 15h", {"fires": LAST_FRI_15}, ["last-day", "ordinal"]),
    ("pt", "daqui a meia hora", {"fires": IN_HALF_HOUR}, ["relative"]),
    ("pt", "de segunda a sexta de hora em hora das 9h às 17h", {"fires": HOURLY_9_17}, ["window", "workday"]),
    # Italian
    ("it", "ogni due settimane il giovedì alle 18", {"fires": OTHER_THU_18}, ["interval", "weekly"]),
    ("it", "l'ultimo venerdì di ogni mese alle 15", {"fires": LAST_FRI_15}, ["last-day", "ordinal"]),
    ("it", "tra mezz'ora", {"fires": IN_HALF_HOUR}, ["relative"]),
    ("it", "dal lunedì al venerdì ogni ora dalle 9 alle 17", {"fires": HOURLY_9_17}, ["window", "workday"]),
    # Korean
    ("ko", "격주 목요일 오후 6시", {"fires": OTHER_THU_18}, ["interval", "weekly"]),
    ("ko", "매달 마지막 금요일 오후 3시", {"fires": LAST_FRI_15}, ["last-day", "ordinal"]),
    ("ko", "30분 후에 알려줘", {"fires": IN_HALF_HOUR}, ["relative"]),
    ("ko", "평일 오전 9시부터 오후 5시까지 1시간마다", {"fires": HOURLY_9_17}, ["window", "workday"]),
    ("fr", "tous les deux jours à 19h", {"fires": ["03-05 19:00", "03-07 19:00", "03-09 19:00"]}, ["interval"]),
    ("fr", "demain à midi et quart", {"fires": ["03-06 12:15"]}, ["once", "quarter"]),
    ("fr", "chaque lundi à 9h jusqu'au 30 mars", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "03-30 09:00"}, ["weekly", "end"]),
    ("ko", "다음 달 1일 오전 10시", {"fires": ["04-01 10:00"]}, ["month-relative"]),
    ("ko", "매일 오후 9시, 2주 동안", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-18 21:00"}, ["daily", "end"]),
    ("ko", "격일로 오후 7시", {"fires": ["03-05 19:00", "03-07 19:00", "03-09 19:00"]}, ["interval"]),
    ("hi-Deva", "हर दूसरे दिन शाम 7 बजे", {"fires": ["03-05 19:00", "03-07 19:00", "03-09 19:00"]}, ["interval"]),
    ("hi-Deva", "कल दोपहर 12 बजे", {"fires": ["03-06 12:00"]}, ["once"]),
    ("hi-Deva", "डेढ़ घंटे बाद", {"fires": IN_90_MIN}, ["relative"]),
    ("ja", "毎週火曜と木曜の18時半", {"fires": ["03-05 18:30", "03-10 18:30", "03-12 18:30"]}, ["day-list", "half-past"]),
    ("ja", "来月1日の10時", {"fires": ["04-01 10:00"]}, ["month-relative"]),
    # Hinglish
    ("hi-Latn", "har dusre hafte guruvar shaam 6 baje", {"fires": OTHER_THU_18}, ["interval", "weekly"]),
    ("hi-Latn", "aadhe ghante mein yaad dilana", {"fires": IN_HALF_HOUR}, ["relative"]),
    ("hi-Latn", "har mahine ki 1 tarikh ko subah 10 baje", {"fires": ["04-01 10:00", "05-01 10:00", "06-01 10:00"]}, ["monthly"]),
    ("hi-Latn", "somvar se shukravar subah 9:30 baje", {"fires": ["03-06 09:30", "03-09 09:30", "03-10 09:30"]}, ["workday"]),
    # Hindi in Devanagari
    ("hi-Deva", "हर गुरुवार शाम 6 बजे", {"fires": ["03-05 18:00", "03-12 18:00", "03-19 18:00"]}, ["weekly"]),
    ("hi-Deva", "आधे घंटे बाद याद दिलाना", {"fires": IN_HALF_HOUR}, ["relative"]),
    ("hi-Deva", "हर महीने की 15 तारीख को सुबह 10 बजे", {"fires": ["03-15 10:00", "04-15 10:00", "05-15 10:00"]}, ["monthly"]),
    ("hi-Deva", "सोमवार से शुक्रवार सुबह 8 बजे", {"fires": WEEKDAYS_8}, ["workday"]),
]


print_new_rows(R, "thr", "tuning13")
