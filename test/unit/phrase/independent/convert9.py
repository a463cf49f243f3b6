"""Builds the ninth tuning set, tuning9.jsonl, from the rows below. It is a tuning set only (no
held-out part), aimed where the held-out figures are weakest: Traditional Chinese as typed in
Taiwan and Hong Kong (禮拜 / 週 / 星期, 點 / 時, 半 / 一刻, 漢字 numbers, full-width digits, filler,
English in between), English as typed or dictated ("half past", "quarter to", "noonish", ordinals,
month-relative days, start and end dates, counts, typos), Spanish, and a few rows of German,
Simplified Chinese, Portuguese and Hinglish. A bare hour from 1 to 6 with nothing to say day or
night ("兩點", "at 6 tomorrow") expects the afternoon reading or a question. The runs were decided
by hand as local wall times ("03-06 08:00", year 2026) and are converted to UTC here with Python's
zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local. Decisions that needed
one are in the row's note.

    python3 convert9.py > tuning9.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from wall_times import print_new_rows

BARE = "a bare hour from 1 to 6 with no part of the day: the afternoon, or a question"
DAILY_7 = ["03-06 07:00", "03-07 07:00", "03-08 07:00"]
WEEKDAYS_18 = ["03-05 18:00", "03-06 18:00", "03-09 18:00"]
TWICE_9_21 = ["03-05 21:00", "03-06 09:00", "03-06 21:00"]

R = [
    # Traditional Chinese, Taiwan and Hong Kong
    ("zh-Hant", "每個禮拜二晚上八點半提醒我倒垃圾", {"fires": ["03-10 20:30", "03-17 20:30", "03-24 20:30"]}, ["weekly", "half-past", "filler"]),
    ("zh-Hant", "週三下午兩點開會", {"fires": ["03-11 14:00"]}, ["once", "kanji-number"]),
    ("zh-Hant", "星期五早上九點一刻", {"fires": ["03-06 09:15"]}, ["once", "quarter"]),
    ("zh-Hant", "下午三點四十五分打給媽媽", {"fires": ["03-05 15:45"]}, ["once", "kanji-number"]),
    ("zh-Hant", "明天早上７點叫我", {"fires": ["03-06 07:00"]}, ["once", "full-width"]),
    ("zh-Hant", "每天晚上１０點半", {"fires": ["03-05 22:30", "03-06 22:30", "03-07 22:30"]}, ["daily", "full-width", "half-past"]),
    ("zh-Hant", "每個月15號下午兩點繳房租", {"fires": ["03-15 14:00", "04-15 14:00", "05-15 14:00"]}, ["ordinal", "monthly"]),
    ("zh-Hant", "每兩週的週一早上十點", {"fires": ["03-09 10:00", "03-23 10:00", "04-06 10:00"]}, ["interval", "weekly"]),
    ("zh-Hant", "每隔一天早上八點", {"fires": ["03-06 08:00", "03-08 08:00", "03-10 08:00"]}, ["interval", "daily"]),
    ("zh-Hant", "每週一到週五早上七點", {"fires": ["03-06 07:00", "03-09 07:00", "03-10 07:00"]}, ["workday"]),
    ("zh-Hant", "十分鐘後提醒我關火", {"fires": ["03-05 10:10"]}, ["relative", "filler"]),
    ("zh-Hant", "一個半小時後", {"fires": ["03-05 11:30"]}, ["relative", "half-past"]),
    ("zh-Hant", "兩個小時之後提醒我", {"fires": ["03-05 12:00"]}, ["relative", "kanji-number"]),
    ("zh-Hant", "明天 10:30 meeting 記得提醒我", {"fires": ["03-06 10:30"]}, ["once", "mixed-script", "filler"]),
    ("zh-Hant", "下週三 2pm call 廠商", {"fires": ["03-11 14:00"]}, ["relative-week", "mixed-script"]),
    ("zh-Hant", "每天下午五點 到3月20號為止", {"fires": ["03-05 17:00", "03-06 17:00", "03-07 17:00"], "last": "03-20 17:00"}, ["end", "daily"]),
    ("zh-Hant", "每週四晚上九點 共三次", {"fires": ["03-05 21:00", "03-12 21:00", "03-19 21:00"], "last": "03-19 21:00"}, ["count", "weekly"]),
    ("zh-Hant", "禮拜六早上十點半 帶小孩去上課", {"fires": ["03-07 10:30"]}, ["once", "half-past"]),
    ("zh-Hant", "每天早上六點半起床", {"fires": ["03-06 06:30", "03-07 06:30", "03-08 06:30"]}, ["daily", "half-past"]),
    ("zh-Hant", "凌晨兩點提醒我收衣服", {"fires": ["03-06 02:00"], "note": "02:00 today has passed: the coming one"}, ["once", "day-part"]),
    ("zh-Hant", "每天晚上十一點五十分", {"fires": ["03-05 23:50", "03-06 23:50", "03-07 23:50"]}, ["daily", "kanji-number"]),
    ("zh-Hant", "三點半提醒我接小孩", {"fires": ["03-05 15:30"], "ask": True, "note": BARE}, ["once", "bare-hour"]),
    ("zh-Hant", "下午兩點半", {"fires": ["03-05 14:30"]}, ["once", "half-past"]),
    ("zh-Hant", "每個星期天晚上七點", {"fires": ["03-08 19:00", "03-15 19:00", "03-22 19:00"]}, ["weekly"]),
    ("zh-Hant", "每月最後一天下午六點", {"fires": ["03-31 18:00", "04-30 18:00", "05-31 18:00"]}, ["last-day"]),
    ("zh-Hant", "每週二四早上九點", {"fires": ["03-10 09:00", "03-12 09:00", "03-17 09:00"]}, ["weekly", "day-list"]),
    ("zh-Hant", "今晚九點", {"fires": ["03-05 21:00"]}, ["once", "day-part"]),
    ("zh-Hant", "明天晚上十二點", {"refused": ["ambiguous_schedule"], "note": "midnight of a named day: its start or its end"}, ["midnight"]),
    ("zh-Hant", "下個月3號早上十點", {"fires": ["04-03 10:00"]}, ["month-relative"]),
    ("zh-Hant", "每半小時 從下午一點到五點", {"fires": ["03-05 13:00", "03-05 13:30", "03-05 14:00"]}, ["window"]),
    ("zh-Hant", "週一至週五 下午六點 提醒我下班打卡", {"fires": WEEKDAYS_18}, ["workday", "filler"]),
    ("zh-Hant", "後天早上十點", {"fires": ["03-07 10:00"]}, ["once", "relative"]),
    ("zh-Hant", "每個禮拜一早上八點 開週會", {"fires": ["03-09 08:00", "03-16 08:00", "03-23 08:00"]}, ["weekly"]),
    ("zh-Hant", "每天早上九點 跟 晚上九點 吃藥", {"fires": TWICE_9_21}, ["multi-time"]),
    ("zh-Hant", "3/20 下午3點", {"fires": ["03-20 15:00"]}, ["once", "slash-date"]),
    ("zh-Hant", "明天早上八點四十五分", {"fires": ["03-06 08:45"]}, ["once", "kanji-number"]),
    ("zh-Hant", "每週六日早上九點", {"fires": ["03-07 09:00", "03-08 09:00", "03-14 09:00"]}, ["weekend", "day-list"]),
    ("zh-Hant", "12點半提醒我吃午餐", {"fires": ["03-05 12:30"]}, ["once", "half-past"]),
    ("zh-Hant", "每小時提醒我站起來", {"fires": ["03-05 11:00", "03-05 12:00", "03-05 13:00"]}, ["frequent"]),
    ("zh-Hant", "早上十點半 開會", {"fires": ["03-05 10:30"]}, ["once"]),
    ("zh-Hant", "每天下午三點到五點 每半小時", {"fires": ["03-05 15:00", "03-05 15:30", "03-05 16:00"]}, ["window"]),
    ("zh-Hant", "每日朝早七點", {"fires": DAILY_7, "zone": "Asia/Hong_Kong", "note": "Cantonese: 朝早 morning"}, ["daily", "cantonese"]),
    ("zh-Hant", "五點提醒我去接人", {"fires": ["03-05 17:00"], "ask": True, "note": BARE}, ["once", "bare-hour"]),
    ("zh-Hant", "明天早上九時正", {"fires": ["03-06 09:00"], "zone": "Asia/Hong_Kong", "note": "時正: on the hour"}, ["once", "cantonese"]),
    # English, typed or dictated
    ("en", "remind me at half past 3 tomorrow", {"fires": ["03-06 15:30"], "ask": True, "note": BARE}, ["once", "half-past", "bare-hour"]),
    ("en", "quarter to 9 tomorrow morning", {"fires": ["03-06 08:45"]}, ["once", "quarter"]),
    ("en", "noonish on friday", {"fires": ["03-06 12:00"], "ask": True, "note": "noonish: noon, or a question"}, ["once", "noon"]),
    ("en", "on the 3rd of every month at 9am", {"fires": ["04-03 09:00", "05-03 09:00", "06-03 09:00"]}, ["ordinal", "monthly"]),
    ("en", "the 2nd and 4th tuesday of every month at 6:30pm", {"fires": ["03-10 18:30", "03-24 18:30", "04-14 18:30"]}, ["ordinal", "month-relative"]),
    ("en", "every day at 9pm until march 15", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-15 21:00"}, ["end", "daily"]),
    ("en", "every monday at 10am for 4 weeks", {"fires": ["03-09 10:00", "03-16 10:00", "03-23 10:00"], "last": "03-30 10:00"}, ["end", "weekly"]),
    ("en", "take my meds at 8am and 8pm every day", {"fires": ["03-05 20:00", "03-06 08:00", "03-06 20:00"]}, ["multi-time", "embedded"]),
    ("en", "remind me tmrw at 10:30am", {"fires": ["03-06 10:30"]}, ["once", "typo"]),
    ("en", "evry friday at 5pm", {"fires": ["03-06 17:00", "03-13 17:00", "03-20 17:00"]}, ["weekly", "typo"]),
    ("en", "remind me in like an hour and a half", {"fires": ["03-05 11:30"]}, ["relative"]),
    ("en", "in 45 mins", {"fires": ["03-05 10:45"]}, ["relative"]),
    ("en", "the first monday of next month at 9", {"fires": ["04-06 09:00"]}, ["month-relative", "ordinal"]),
    ("en", "on the 15th of next month at noon", {"fires": ["04-15 12:00"]}, ["month-relative", "noon"]),
    ("en", "ok so like every tuesday and thursday at 7 in the evening", {"fires": ["03-05 19:00", "03-10 19:00", "03-12 19:00"]}, ["weekly", "voice"]),
    ("en", "set a reminder for march 20th at 2:30 in the afternoon", {"fires": ["03-20 14:30"]}, ["once", "ordinal", "voice"]),
    ("en", "every other week on wednesday at 4pm", {"fires": ["03-11 16:00", "03-25 16:00", "04-08 16:00"]}, ["interval", "weekly"]),
    ("en", "at 6 tomorrow", {"fires": ["03-06 18:00"], "ask": True, "note": BARE}, ["once", "bare-hour"]),
    ("en", "every 4 hours starting at noon", {"fires": ["03-05 12:00", "03-05 16:00", "03-05 20:00"]}, ["frequent", "start"]),
    ("en", "at noon on the last day of this month", {"fires": ["03-31 12:00"]}, ["last-day", "noon", "once"]),
    ("en", "every thursday at 3pm for the next 3 weeks", {"fires": ["03-05 15:00", "03-12 15:00", "03-19 15:00"], "last": "03-19 15:00"}, ["end", "weekly"]),
    ("en", "daily standup at 9:15 on weekdays", {"fires": ["03-06 09:15", "03-09 09:15", "03-10 09:15"]}, ["workday"]),
    ("en", "remind me 3 times, every day at 8pm", {"fires": ["03-05 20:00", "03-06 20:00", "03-07 20:00"], "last": "03-07 20:00"}, ["count", "daily"]),
    ("en", "on friday the 13th at 10am", {"fires": ["03-13 10:00"]}, ["once", "ordinal"]),
    ("en", "wake me up at 7 tomorrow", {"fires": ["03-06 07:00"]}, ["once", "voice"]),
    ("en", "every 30 min between 1pm and 3pm on weekdays", {"fires": ["03-05 13:00", "03-05 13:30", "03-05 14:00"]}, ["window", "workday"]),
    ("en", "quarter past 11 tonight", {"fires": ["03-05 23:15"]}, ["once", "quarter"]),
    ("en", "on tuesday at quarter to 5 in the afternoon", {"fires": ["03-10 16:45"]}, ["once", "quarter"]),
    ("en", "every month on the 2nd at 8 in the morning", {"fires": ["04-02 08:00", "05-02 08:00", "06-02 08:00"]}, ["ordinal", "monthly"]),
    ("en", "remind me at 4 to call the bank", {"fires": ["03-05 16:00"], "ask": True, "note": BARE}, ["once", "bare-hour", "embedded"]),
    ("en", "every weekday at 5:30 pm starting monday", {"fires": ["03-09 17:30", "03-10 17:30", "03-11 17:30"], "ask": True, "note": "weekdays with a start date: read, or asked (a task has no start date)"}, ["workday", "start"]),
    ("en", "tomorrow at 02:00", {"fires": ["03-06 02:00"], "note": "a zero-padded hour is the 24-hour clock"}, ["once", "24-hour"]),
    # Spanish
    ("es", "mañana a las 8 y media", {"fires": ["03-06 08:30"]}, ["once", "half-past"]),
    ("es", "todos los martes a las 7 de la tarde", {"fires": ["03-10 19:00", "03-17 19:00", "03-24 19:00"]}, ["weekly", "day-part"]),
    ("es", "el viernes a las 9 menos cuarto", {"fires": ["03-06 08:45"]}, ["once", "quarter"]),
    ("es", "recuérdame en media hora", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("es", "cada día a las 22:00 hasta el 20 de marzo", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-20 22:00"}, ["end", "daily"]),
    ("es", "los lunes, miércoles y viernes a las 7 y cuarto", {"fires": ["03-06 07:15", "03-09 07:15", "03-11 07:15"]}, ["weekly", "day-list", "quarter"]),
    ("es", "pasado mañana a las 12 del mediodía", {"fires": ["03-07 12:00"]}, ["once", "noon"]),
    ("es", "el 1 de cada mes a las 10", {"fires": ["04-01 10:00", "05-01 10:00", "06-01 10:00"]}, ["ordinal", "monthly"]),
    ("es", "a las 5 de la tarde", {"fires": ["03-05 17:00"]}, ["once", "day-part"]),
    ("es", "esta noche a las 11", {"fires": ["03-05 23:00"]}, ["once", "day-part"]),
    ("es", "cada 2 horas de 9 a 17", {"fires": ["03-05 11:00", "03-05 13:00", "03-05 15:00"]}, ["window"]),
    ("es", "recuérdame a las 4 llamar al banco", {"fires": ["03-05 16:00"], "ask": True, "note": BARE}, ["once", "bare-hour", "embedded"]),
    ("es", "el próximo jueves a las 10 de la mañana", {"fires": ["03-12 10:00"]}, ["relative-week"]),
    ("es", "dentro de 3 días a las 9", {"fires": ["03-08 09:00"]}, ["relative"]),
    ("es", "de lunes a viernes a las 8", {"fires": ["03-06 08:00", "03-09 08:00", "03-10 08:00"]}, ["workday"]),
    ("es", "cada sábado a las 10 durante un mes", {"fires": ["03-07 10:00", "03-14 10:00", "03-21 10:00"], "last": "04-04 10:00"}, ["end", "weekly"]),
    ("es", "el último viernes de cada mes a las 6 de la tarde", {"fires": ["03-27 18:00", "04-24 18:00", "05-29 18:00"]}, ["last-day"]),
    ("es", "mañana por la mañana a las 9", {"fires": ["03-06 09:00"]}, ["once", "day-part"]),
    ("es", "a las 12 y media", {"fires": ["03-05 12:30"]}, ["once", "half-past"]),
    ("es", "todos los domingos a las 11 menos cuarto", {"fires": ["03-08 10:45", "03-15 10:45", "03-22 10:45"]}, ["weekly", "quarter"]),
    ("es", "recuérdame 3 veces, cada día a las 20h", {"fires": ["03-05 20:00", "03-06 20:00", "03-07 20:00"], "last": "03-07 20:00"}, ["count", "daily"]),
    ("es", "el 25 de marzo a las 9:30", {"fires": ["03-25 09:30"]}, ["once"]),
    # German
    ("de", "morgen um halb 8", {"fires": ["03-06 07:30"]}, ["once", "half-past"]),
    ("de", "jeden Montag um 9 Uhr", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["weekly"]),
    ("de", "übermorgen um Viertel nach 10", {"fires": ["03-07 10:15"]}, ["once", "quarter"]),
    ("de", "in einer Stunde", {"fires": ["03-05 11:00"]}, ["relative"]),
    ("de", "jeden Tag um 18 Uhr bis zum 10. März", {"fires": ["03-05 18:00", "03-06 18:00", "03-07 18:00"], "last": "03-10 18:00"}, ["end", "daily"]),
    ("de", "am Freitag um 3", {"fires": ["03-06 15:00"], "ask": True, "note": BARE}, ["once", "bare-hour"]),
    # Simplified Chinese
    ("zh-Hans", "明天下午三点半", {"fires": ["03-06 15:30"]}, ["once", "half-past"]),
    ("zh-Hans", "每周三晚上八点", {"fires": ["03-11 20:00", "03-18 20:00", "03-25 20:00"]}, ["weekly"]),
    ("zh-Hans", "半小时以后提醒我喝水", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("zh-Hans", "每天早上七点一刻", {"fires": ["03-06 07:15", "03-07 07:15", "03-08 07:15"]}, ["daily", "quarter"]),
    ("zh-Hans", "下周一上午十点", {"fires": ["03-09 10:00"]}, ["relative-week"]),
    ("zh-Hans", "两点提醒我开会", {"fires": ["03-05 14:00"], "ask": True, "note": BARE}, ["once", "bare-hour"]),
    # Portuguese
    ("pt", "amanhã às 9h", {"fires": ["03-06 09:00"]}, ["once"]),
    ("pt", "toda segunda às 8h", {"fires": ["03-09 08:00", "03-16 08:00", "03-23 08:00"]}, ["weekly"]),
    ("pt", "me lembra daqui a 25 minutos", {"fires": ["03-05 10:25"]}, ["relative"]),
    ("pt", "todo dia às 19h30", {"fires": ["03-05 19:30", "03-06 19:30", "03-07 19:30"]}, ["daily"]),
    ("pt", "sexta às 3 da tarde", {"fires": ["03-06 15:00"]}, ["once", "day-part"]),
    ("pt", "toda terça e quinta às 7 da manhã", {"fires": ["03-10 07:00", "03-12 07:00", "03-17 07:00"]}, ["weekly", "day-list"]),
    # Hindi in Latin script
    ("hi-Latn", "kal subah 7 baje", {"fires": ["03-06 07:00"]}, ["once", "day-part"]),
    ("hi-Latn", "har somvar shaam 6 baje", {"fires": ["03-09 18:00", "03-16 18:00", "03-23 18:00"]}, ["weekly", "day-part"]),
    ("hi-Latn", "30 minute baad yaad dila dena", {"fires": ["03-05 10:30"]}, ["relative"]),
    ("hi-Latn", "roz raat 10:30 baje", {"fires": ["03-05 22:30", "03-06 22:30", "03-07 22:30"]}, ["daily", "day-part"]),
    ("hi-Latn", "parson dopahar 2 baje", {"fires": ["03-07 14:00"]}, ["once", "day-part"]),
    ("hi-Latn", "har shukravar sham 5 baje", {"fires": ["03-06 17:00", "03-13 17:00", "03-20 17:00"]}, ["weekly", "day-part"]),
]


print_new_rows(R, "nine", "tuning9")
