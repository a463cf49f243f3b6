"""Builds the eighth tuning set, tuning8.jsonl, from the rows below. It is a tuning set only (no
held-out part), mostly Traditional Chinese as people in Taiwan and Hong Kong type to an assistant
(每天早上八點, 每週一三五, 下週二下午三點半, 每個月最後一個星期五, 每隔兩小時, 一天兩次, 明天起,
到月底為止, 共五次, 平日, 週末, 中午, 傍晚, 半夜, 凌晨, 禮拜 / 星期 / 週, 點 / 點鐘 / 時, 半 / 一刻 /
三刻, 號 / 日, numbers in 漢字, full-width digits, English words in between, filler like 幫我 / 記得 /
提醒我 / 一下, a few Cantonese words), plus rows in other languages for the shapes the seventh set
still refused (a window on a given day, hourly within a window on a weekday, the last weekday of a
named month, a day of every month except one month). The runs were decided by hand as local wall
times ("03-06 08:00", year 2026) and are converted to UTC here with Python's zoneinfo (not duely's
code). `now` is Thursday 5 March 2026, 10:00 local. Decisions that needed one are in the row's note.

    python3 convert8.py > tuning8.jsonl
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

MON_WED_FRI_19 = ["03-06 19:00", "03-09 19:00", "03-11 19:00"]
LAST_FRIDAY_17 = ["03-27 17:00", "04-24 17:00", "05-29 17:00"]
DAILY_8 = ["03-06 08:00", "03-07 08:00", "03-08 08:00"]
WEEKDAY_730 = ["03-06 07:30", "03-09 07:30", "03-10 07:30"]
HALF_HOURLY_9_11_TOMORROW = {"fires": ["03-06 09:00", "03-06 09:30", "03-06 10:00"], "last": "03-06 11:00"}
HOURLY_SATURDAY_8_12 = {"fires": ["03-07 08:00", "03-07 09:00", "03-07 10:00"], "note": "runs 08:00 to 12:00 each Saturday"}
FIRST_EXCEPT_JANUARY_8 = ["04-01 08:00", "05-01 08:00", "06-01 08:00"]

R = [
    # Traditional Chinese, Taiwan and Hong Kong
    ("zh-Hant", "每天早上八點提醒我喝水", {"fires": DAILY_8}, ["daily", "kanji-number"]),
    ("zh-Hant", "每週一三五晚上七點去健身房", {"fires": MON_WED_FRI_19}, ["weekly", "day-list"]),
    ("zh-Hant", "下週二下午三點半", {"fires": ["03-10 15:30"]}, ["relative-week", "half-past"]),
    ("zh-Hant", "每個月最後一個星期五下午五點", {"fires": LAST_FRIDAY_17}, ["last-day", "month-relative"]),
    ("zh-Hant", "從中午開始每隔兩小時提醒我喝水", {"fires": ["03-05 12:00", "03-05 14:00", "03-05 16:00"]}, ["frequent", "start", "noon"]),
    ("zh-Hant", "一天兩次 早上八點跟晚上八點", {"fires": TWICE_8_20}, ["twice-a-day"]),
    ("zh-Hant", "明天起每天晚上九點", {"fires": ["03-06 21:00", "03-07 21:00", "03-08 21:00"]}, ["start", "daily"]),
    ("zh-Hant", "每天早上七點 到月底為止", {"fires": ["03-06 07:00", "03-07 07:00", "03-08 07:00"], "last": "03-31 07:00"}, ["end", "daily"]),
    ("zh-Hant", "每天晚上十點吃藥 共五次", {"fires": NIGHTLY_22, "last": "03-09 22:00"}, ["count", "daily"]),
    ("zh-Hant", "平日早上七點半叫我起床", {"fires": WEEKDAY_730}, ["workday", "half-past"]),
    ("zh-Hant", "週末早上十點", {"fires": ["03-07 10:00", "03-08 10:00", "03-14 10:00"]}, ["weekend"]),
    ("zh-Hant", "明天中午提醒我吃飯", {"fires": ["03-06 12:00"]}, ["once", "noon"]),
    ("zh-Hant", "今天傍晚六點", {"fires": ["03-05 18:00"]}, ["once", "day-part"]),
    ("zh-Hant", "半夜十二點提醒我關瓦斯", {"fires": ["03-06 00:00"], "note": MIDNIGHT}, ["once", "midnight"]),
    ("zh-Hant", "明天凌晨三點", {"fires": ["03-06 03:00"]}, ["once", "day-part"]),
    ("zh-Hant", "每個禮拜三下午兩點", {"fires": ["03-11 14:00", "03-18 14:00", "03-25 14:00"]}, ["weekly", "kanji-number"]),
    ("zh-Hant", "每星期六早上九點", {"fires": ["03-07 09:00", "03-14 09:00", "03-21 09:00"]}, ["weekly"]),
    ("zh-Hant", "下禮拜五晚上八點", {"fires": ["03-13 20:00"]}, ["relative-week"]),
    ("zh-Hant", "明天下午三點鐘", {"fires": ["03-06 15:00"]}, ["once"]),
    ("zh-Hant", "明天15時30分開會", {"fires": ["03-06 15:30"]}, ["once"]),
    ("zh-Hant", "後天下午四點三刻", {"fires": ["03-07 16:45"]}, ["once", "quarter"]),
    ("zh-Hant", "每月10號早上十點繳卡費", {"fires": ["03-10 10:00", "04-10 10:00", "05-10 10:00"]}, ["ordinal"]),
    ("zh-Hant", "每個月25日下午三點", {"fires": ["03-25 15:00", "04-25 15:00", "05-25 15:00"]}, ["ordinal"]),
    ("zh-Hant", "明天十二點半", {"fires": ["03-06 12:30"]}, ["once", "half-past", "kanji-number"]),
    ("zh-Hant", "兩點提醒我打電話", {"fires": ["03-05 14:00"], "ask": True, "note": "at 10:00, the coming two o'clock is 14:00; asking is fair"}, ["once", "kanji-number"]),
    ("zh-Hant", "明天早上８點半", {"fires": ["03-06 08:30"]}, ["once", "full-width"]),
    ("zh-Hant", "每天２１：００", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"]}, ["daily", "full-width"]),
    ("zh-Hant", "明天 3pm 提醒我 call 客戶", {"fires": ["03-06 15:00"]}, ["once", "mixed-script"]),
    ("zh-Hant", "每天 9am standup", {"fires": ["03-06 09:00", "03-07 09:00", "03-08 09:00"]}, ["daily", "mixed-script"]),
    ("zh-Hant", "幫我設一下 明天早上六點的鬧鐘", {"fires": ["03-06 06:00"]}, ["once", "filler"]),
    ("zh-Hant", "記得提醒我 下週一早上十點 交報告", {"fires": ["03-09 10:00"]}, ["relative-week", "filler"]),
    ("zh-Hant", "提醒我一下 三十分鐘後 拿衣服", {"fires": ["03-05 10:30"]}, ["relative", "filler"]),
    ("zh-Hant", "每週二和週四早上八點", {"fires": ["03-10 08:00", "03-12 08:00", "03-17 08:00"]}, ["weekly", "day-list"]),
    ("zh-Hant", "星期一到星期五 晚上十一點", {"fires": ["03-05 23:00", "03-06 23:00", "03-09 23:00"]}, ["workday"]),
    ("zh-Hant", "每天中午十二點", {"fires": ["03-05 12:00", "03-06 12:00", "03-07 12:00"]}, ["daily", "noon"]),
    ("zh-Hant", "每天傍晚五點半遛狗", {"fires": ["03-05 17:30", "03-06 17:30", "03-07 17:30"]}, ["daily", "day-part", "half-past"]),
    ("zh-Hant", "每天凌晨一點備份", {"fires": ["03-06 01:00", "03-07 01:00", "03-08 01:00"]}, ["daily", "day-part"]),
    ("zh-Hant", "一天三次，早上八點、下午兩點、晚上八點", {"fires": THRICE_8_14_20}, ["n-a-day"]),
    ("zh-Hant", "從下週一開始，每個平日早上八點", {"fires": ["03-09 08:00", "03-10 08:00", "03-11 08:00"]}, ["start", "workday"]),
    ("zh-Hant", "每週六下午三點，到四月底", {"fires": ["03-07 15:00", "03-14 15:00", "03-21 15:00"], "last": "04-25 15:00"}, ["end", "weekly"]),
    ("zh-Hant", "每週一早上九點，共四次", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "03-30 09:00"}, ["count", "weekly"]),
    ("zh-Hant", "每個月第一個禮拜一早上十點", {"fires": ["04-06 10:00", "05-04 10:00", "06-01 10:00"]}, ["month-relative", "ordinal"]),
    ("zh-Hant", "每月最後一天晚上九點", {"fires": ["03-31 21:00", "04-30 21:00", "05-31 21:00"]}, ["last-day"]),
    ("zh-Hant", "禮拜天晚上八點", {"fires": ["03-08 20:00"]}, ["once"]),
    ("zh-Hant", "週日早上十點", {"fires": ["03-08 10:00"]}, ["once"]),
    ("zh-Hant", "三月二十號下午兩點", {"fires": ["03-20 14:00"]}, ["once", "kanji-number"]),
    ("zh-Hant", "3月27號 晚上7點", {"fires": ["03-27 19:00"]}, ["once"]),
    ("zh-Hant", "今天晚上八點半", {"fires": ["03-05 20:30"]}, ["once", "half-past"]),
    ("zh-Hant", "明早七點", {"fires": ["03-06 07:00"]}, ["once"]),
    ("zh-Hant", "每天晚上九點 除了禮拜六", {"fires": ["03-05 21:00", "03-06 21:00", "03-08 21:00"]}, ["exclusion", "daily"]),
    ("zh-Hant", "每天早上8點跟晚上8點", {"fires": TWICE_8_20}, ["multi-time"]),
    ("zh-Hant", "每天下午四點 從明天開始", {"fires": ["03-06 16:00", "03-07 16:00", "03-08 16:00"]}, ["start", "daily"]),
    ("zh-Hant", "下下週三早上十點", {"fires": ["03-18 10:00"]}, ["relative-week"]),
    ("zh-Hant", "這週六晚上七點", {"fires": ["03-07 19:00"]}, ["once"]),
    ("zh-Hant", "下週二 下午3:30 看牙醫", {"fires": ["03-10 15:30"]}, ["relative-week"]),
    ("zh-Hant", "每小時提醒一次 從下午一點到五點", {"fires": ["03-05 13:00", "03-05 14:00", "03-05 15:00"]}, ["window"]),
    ("zh-Hant", "大後天晚上七點", {"fires": ["03-08 19:00"]}, ["once", "relative"]),
    ("zh-Hant", "每週五下午五點 提醒我寫週報", {"fires": ["03-06 17:00", "03-13 17:00", "03-20 17:00"]}, ["weekly"]),
    ("zh-Hant", "聽日下晝三點", {"fires": ["03-06 15:00"], "zone": "Asia/Hong_Kong", "note": "Cantonese: 聽日 tomorrow, 下晝 afternoon"}, ["once", "cantonese"]),
    ("zh-Hant", "逢星期一朝早九點開會", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "zone": "Asia/Hong_Kong", "note": "逢 every, 朝早 morning"}, ["weekly", "cantonese"]),
    ("zh-Hant", "每日夜晚十點半", {"fires": ["03-05 22:30", "03-06 22:30", "03-07 22:30"], "zone": "Asia/Hong_Kong"}, ["daily", "cantonese"]),
    ("zh-Hant", "明天早上七點半 記得帶便當", {"fires": ["03-06 07:30"]}, ["once", "filler"]),
    ("zh-Hant", "每個禮拜一三五早上六點半跑步", {"fires": ["03-06 06:30", "03-09 06:30", "03-11 06:30"]}, ["weekly", "day-list", "half-past"]),
    ("zh-Hant", "每天早上八點 週末除外", {"fires": ["03-06 08:00", "03-09 08:00", "03-10 08:00"]}, ["exclusion", "daily"]),
    ("zh-Hant", "三月最後一個星期五下午五點", {"fires": ["03-27 17:00"]}, ["last-day", "once"]),
    ("zh-Hant", "明天早上九點到十一點 每三十分鐘", HALF_HOURLY_9_11_TOMORROW, ["window", "end"]),
    ("zh-Hant", "每個月1號早上8點，一月除外", {"fires": FIRST_EXCEPT_JANUARY_8}, ["exclusion", "ordinal"]),
    ("zh-Hant", "每個星期六早上八點到中午十二點 每小時", HOURLY_SATURDAY_8_12, ["window"]),
    # The shapes the seventh set still refused, in other languages
    ("en", "every half hour between 9 and 11 tomorrow", HALF_HOURLY_9_11_TOMORROW, ["window", "end"]),
    ("en", "tomorrow every 30 minutes from 9am to 11am", HALF_HOURLY_9_11_TOMORROW, ["window", "end"]),
    ("en", "every hour from 8am to 12pm on saturdays", HOURLY_SATURDAY_8_12, ["window"]),
    ("en", "hourly on sundays from 8 am till noon", {"fires": ["03-08 08:00", "03-08 09:00", "03-08 10:00"]}, ["window", "dst"]),
    ("en", "last friday of march at 5pm", {"fires": ["03-27 17:00"]}, ["last-day", "once"]),
    ("en", "the last monday in april at 9am", {"fires": ["04-27 09:00"]}, ["last-day", "once"]),
    ("en", "on the 1st of each month at 8am except in january", {"fires": FIRST_EXCEPT_JANUARY_8}, ["exclusion", "ordinal"]),
    ("en", "every month on the 15th at 9am except december", {"fires": ["03-15 09:00", "04-15 09:00", "05-15 09:00"]}, ["exclusion", "ordinal"]),
    ("es", "mañana cada 30 minutos de 9 a 11", HALF_HOURLY_9_11_TOMORROW, ["window", "end"]),
    ("es", "los sábados cada hora de 8 a 12", HOURLY_SATURDAY_8_12, ["window"]),
    ("es", "el último viernes de marzo a las 17", {"fires": ["03-27 17:00"]}, ["last-day", "once"]),
    ("es", "el día 1 de cada mes a las 8 excepto en enero", {"fires": FIRST_EXCEPT_JANUARY_8}, ["exclusion", "ordinal"]),
    ("de", "morgen alle 30 Minuten von 9 bis 11 Uhr", HALF_HOURLY_9_11_TOMORROW, ["window", "end"]),
    ("de", "am letzten Freitag im März um 17 Uhr", {"fires": ["03-27 17:00"]}, ["last-day", "once"]),
    ("fr", "demain toutes les 30 minutes de 9h à 11h", HALF_HOURLY_9_11_TOMORROW, ["window", "end"]),
    ("fr", "le dernier vendredi de mars à 17h", {"fires": ["03-27 17:00"]}, ["last-day", "once"]),
    ("zh-Hans", "明天早上9点到11点 每半小时", HALF_HOURLY_9_11_TOMORROW, ["window", "end"]),
    ("zh-Hans", "三月的最后一个星期五下午5点", {"fires": ["03-27 17:00"]}, ["last-day", "once"]),
]


print_rows(R, "eight", "tuning8")
