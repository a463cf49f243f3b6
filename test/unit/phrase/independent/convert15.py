"""Builds the fifteenth tuning set, tuning15.jsonl: Traditional Chinese as typed in Taiwan, and the
same shapes in Simplified Chinese (issue #31), from three sweeps of several hundred phrasings by
feature and style (docs/phrases.md); the rows of the second and third sweeps are at the end, each group
baselined before the fixes it led to. It is a tuning set only (no held-out part).

The styles: 拜一 / 拜五 (colloquial Taiwanese for 禮拜一), 周 written for 週 in Traditional text, minutes
after the hour said with 過 ("八點過十分", "過一刻") or before it with 差 after the hour ("九點差一刻"),
minutes with a leading 零 ("十點零五分"), am/pm typed right against the Chinese ("週五3pm開會"), English
schedule words mixed in ("tomorrow 晚上八點", "every day 早上八點"), 上班日, 假日, 月初, the exception
words 不含 / 跳過 / 以外, "禮拜一到五", 再 for 在, fillers, and a sample of what already read right.

The runs were decided by hand as local wall times ("03-09 08:00", year 2026) and are converted to UTC
here with Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local (Taipei or
Shanghai, neither has DST); "next week" and "Monday" are Monday 9 March. `days` lists the wall times of
a daily or weekly repetition from now on, by the weekday and the clock, in plain Python.

    python3 convert15.py > tuning15.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from datetime import date, timedelta

from wall_times import print_new_rows

TODAY = date(2026, 3, 5)  # a Thursday; now is 10:00
MON, TUE, WED, THU, FRI, SAT, SUN = range(7)
ALL = range(7)
WORK = (MON, TUE, WED, THU, FRI)


def days(hhmm: str, weekdays=ALL, n: int = 3) -> list[str]:
    """The first n wall times at hhmm on the given weekdays, after now (Thursday 5 March 10:00)."""
    out, d = [], TODAY
    while len(out) < n:
        if d.weekday() in weekdays and (d > TODAY or hhmm > "10:00"):
            out.append(f"{d.month:02d}-{d.day:02d} {hhmm}")
        d += timedelta(days=1)
    return out


def times(*hhmms: str, weekdays=ALL, n: int = 3) -> list[str]:
    """Several times a day: the first n runs in order."""
    return sorted(sum((days(t, weekdays, n) for t in hhmms), []), key=lambda w: w)[:n]


def once(wall: str, note: str | None = None) -> dict:
    return {"fires": [wall], **({"note": note} if note else {})}


def rep(fires: list[str], note: str | None = None, **extra) -> dict:
    return {"fires": fires, **extra, **({"note": note} if note else {})}


ASK = {"refused": ["ambiguous_schedule"]}
BAI = "拜X is colloquial Taiwanese for 禮拜X: the same weekday"
ZHOU = "周 is written for 週 in Traditional text as often as not: the same weekday"
GUO = "N點過M分 is M minutes past N; 過一刻 a quarter past"
CHA = "N點差M分 / 差一刻 after the hour is M minutes (a quarter) before N"
LING = "十點零五分 is 10:05; the part of the day still applies (晚上 → 22:05)"
LATIN = "3pm / 9am typed against the Chinese is the same clock as with a space"
MIXED = "an English schedule word in a Chinese phrase is read or asked, never dropped"
WORKDAY = "上班日 is a working day, Monday to Friday, like 工作日"
HOLIDAY = "假日 is the weekend, public holidays, or both: asked"
EARLY = "月初 names no day (the 1st? the first days?): asked, as the thirteenth set decided"
EXCEPT = "the days after 不含 / 跳過, or before 以外, are taken out of the repetition"
ZAI = "再 (again, often typed for 在) says nothing about when"

R = [
    # --- found in the sweep: 拜X and 周X (Traditional) ---
    ("zh-Hant", "拜一早上九點", once("03-09 09:00", BAI), ["weekday-word", "once"]),
    ("zh-Hant", "下拜一早上九點提醒我開會", once("03-09 09:00", BAI), ["weekday-word", "once", "embedded"]),
    ("zh-Hant", "這拜五下午三點", once("03-06 15:00", BAI), ["weekday-word", "once"]),
    ("zh-Hant", "拜六早上十點去爬山", once("03-07 10:00", BAI), ["weekday-word", "once", "embedded"]),
    ("zh-Hant", "拜天晚上七點", once("03-08 19:00", BAI), ["weekday-word", "once"]),
    ("zh-Hant", "拜一到拜五早上八點", rep(days("08:00", WORK), BAI), ["weekday-word", "workday"]),
    ("zh-Hant", "每拜一早上九點", rep(days("09:00", (MON,)), BAI), ["weekday-word", "weekly"]),
    ("zh-Hant", "每個拜五晚上八點提醒我倒垃圾", rep(days("20:00", (FRI,)), BAI), ["weekday-word", "weekly", "embedded"]),
    ("zh-Hant", "拜三跟拜五晚上八點", rep(days("20:00", (WED, FRI)), BAI + "; a list of days without 每 is weekly, as 禮拜三跟禮拜五 is"), ["weekday-word", "day-list"]),
    ("zh-Hant", "每天早上八點，除了拜三", rep(days("08:00", (MON, TUE, THU, FRI, SAT, SUN)), BAI), ["weekday-word", "exclusion"]),
    ("zh-Hant", "周日早上十點", once("03-08 10:00", ZHOU), ["weekday-word", "once"]),
    ("zh-Hant", "周一早上十點開會", once("03-09 10:00", ZHOU), ["weekday-word", "once", "embedded"]),
    ("zh-Hant", "下周三下午四點", once("03-11 16:00", ZHOU), ["weekday-word", "once"]),
    ("zh-Hant", "周六晚上八點聚餐", once("03-07 20:00", ZHOU), ["weekday-word", "once", "embedded"]),
    # --- minutes past and before the hour ---
    ("zh-Hant", "每天早上八點過十分", rep(days("08:10"), GUO), ["minutes", "daily"]),
    ("zh-Hant", "明天早上八點過十分叫我", once("03-06 08:10", GUO), ["minutes", "once"]),
    ("zh-Hant", "每天下午三點過五分", rep(days("15:05"), GUO), ["minutes", "daily"]),
    ("zh-Hant", "每天早上八點過一刻", rep(days("08:15"), GUO), ["minutes", "daily"]),
    ("zh-Hant", "明天早上九點差一刻", once("03-06 08:45", CHA), ["minutes", "once"]),
    ("zh-Hant", "每天早上九點差五分", rep(days("08:55"), CHA), ["minutes", "daily"]),
    ("zh-Hant", "每天晚上十點零五分", rep(days("22:05"), LING), ["minutes", "daily", "day-part"]),
    ("zh-Hant", "明天下午三點零五分", once("03-06 15:05", LING), ["minutes", "once", "day-part"]),
    ("zh-Hant", "每天晚上八點零五分提醒我吃藥", rep(days("20:05"), LING), ["minutes", "daily", "embedded"]),
    ("zh-Hant", "後天早上九點零五分", once("03-07 09:05", LING), ["minutes", "once"]),
    # --- English mixed in ---
    ("zh-Hant", "週五3pm開會", once("03-06 15:00", LATIN), ["english", "once"]),
    ("zh-Hant", "明天9am提醒我", once("03-06 09:00", LATIN), ["english", "once"]),
    ("zh-Hant", "每天8am提醒我吃藥", rep(days("08:00"), LATIN), ["english", "daily"]),
    ("zh-Hant", "明天10am開會", once("03-06 10:00", LATIN), ["english", "once"]),
    ("zh-Hant", "每天早上9am提醒我吃藥", rep(days("09:00"), LATIN), ["english", "daily"]),
    ("zh-Hant", "每週五3pm開會", rep(days("15:00", (FRI,)), LATIN), ["english", "weekly"]),
    ("zh-Hant", "tomorrow 晚上八點", {**once("03-06 20:00", MIXED), "ask": True}, ["english", "once"]),
    ("zh-Hant", "every day 早上八點", {**rep(days("08:00"), MIXED), "ask": True}, ["english", "daily"]),
    ("zh-Hant", "daily 晚上九點提醒我", {**rep(days("21:00"), MIXED), "ask": True}, ["english", "daily"]),
    ("zh-Hant", "每週一 9am", rep(days("09:00", (MON,)), LATIN), ["english", "weekly"]),
    ("zh-Hant", "每週二 7:30pm 健身", rep(days("19:30", (TUE,)), LATIN), ["english", "weekly"]),
    ("zh-Hant", "下週一 10am meeting", once("03-09 10:00", LATIN), ["english", "once"]),
    # --- working days, holidays, the start of the month ---
    ("zh-Hant", "上班日早上八點", rep(days("08:00", WORK), WORKDAY), ["workday"]),
    ("zh-Hant", "每個上班日早上八點提醒我打卡", rep(days("08:00", WORK), WORKDAY), ["workday", "embedded"]),
    ("zh-Hant", "假日早上十點", {**ASK, "note": HOLIDAY}, ["vague"]),
    ("zh-Hant", "月初早上九點", {**ASK, "note": EARLY}, ["vague", "monthly"]),
    ("zh-Hant", "下個月初早上九點", {**ASK, "note": EARLY}, ["vague", "month-relative"]),
    # --- exceptions ---
    ("zh-Hant", "每天早上八點，不含週末", rep(days("08:00", WORK), EXCEPT), ["exclusion"]),
    ("zh-Hant", "每天早上八點，跳過週三", rep(days("08:00", (MON, TUE, THU, FRI, SAT, SUN)), EXCEPT), ["exclusion"]),
    ("zh-Hant", "每天早上八點，禮拜三以外", rep(days("08:00", (MON, TUE, THU, FRI, SAT, SUN)), EXCEPT), ["exclusion"]),
    ("zh-Hant", "每天晚上十點提醒我，不含禮拜六", rep(days("22:00", (MON, TUE, WED, THU, FRI, SUN)), EXCEPT), ["exclusion", "embedded"]),
    ("zh-Hant", "每天早上七點，週末跳過", rep(days("07:00", WORK), EXCEPT), ["exclusion"]),
    # --- ranges, lists, typos, run-ons ---
    ("zh-Hant", "禮拜一到五早上八點", rep(days("08:00", WORK), "禮拜一到五 is Monday to Friday"), ["workday"]),
    ("zh-Hant", "週一到五晚上九點半", rep(days("21:30", WORK), "週一到五 is Monday to Friday"), ["workday"]),
    ("zh-Hant", "每個禮拜的一三五早上七點", rep(days("07:00", (MON, WED, FRI)), "the days after 每個禮拜的 are Monday, Wednesday, Friday"), ["day-list", "weekly"]),
    ("zh-Hant", "明天早上九點再提醒我一次", once("03-06 09:00", ZAI), ["typo", "once"]),
    ("zh-Hant", "再明天下午兩點提醒我", {**once("03-06 14:00", ZAI), "ask": True}, ["typo", "once"]),
    ("zh-Hant", "今天夜裡十一點", once("03-05 23:00", "夜裡 is the night: 23:00 today"), ["day-part", "once"]),
    ("zh-Hant", "每天早上八典", {**rep(days("08:00"), "典 is the IME's slip for 點"), "ask": True}, ["typo", "daily"]),
    ("zh-Hant", "下個月底早上九點", {**once("04-30 09:00", "the last day of next month"), "ask": True}, ["month-relative", "once"]),
    ("zh-Hant", "接下來三天每天早上八點", {**rep(["03-06 08:00", "03-07 08:00", "03-08 08:00"], "the next three days from now: 6, 7 and 8 March", last="03-08 08:00"), "ask": True}, ["duration", "daily"]),
    ("zh-Hant", "這個月每天早上八點", {**rep(days("08:00"), "every day until the end of this month", last="03-31 08:00"), "ask": True}, ["duration", "daily"]),
    ("zh-Hant", "每兩週一次週一早上九點", {**rep(["03-09 09:00", "03-23 09:00", "04-06 09:00"], "every two weeks, on Monday, from the coming one"), "ask": True}, ["interval", "weekly"]),
    ("zh-Hant", "每天吃三次藥 早上八點 中午十二點 晚上六點", {**rep(times("08:00", "12:00", "18:00"), "three times a day, at the three times said"), "ask": True}, ["multi-time", "embedded"]),
    # --- a sample of what already reads right, by feature and style ---
    ("zh-Hant", "今天下午三點提醒我開會", once("03-05 15:00"), ["once", "embedded"]),
    ("zh-Hant", "明早八點叫我起床", once("03-06 08:00"), ["once"]),
    ("zh-Hant", "大後天早上十點", once("03-08 10:00"), ["once"]),
    ("zh-Hant", "這個禮拜天晚上七點", once("03-08 19:00"), ["once"]),
    ("zh-Hant", "下個禮拜二早上十點", once("03-10 10:00"), ["once"]),
    ("zh-Hant", "下下禮拜五晚上八點", once("03-20 20:00", "the Friday of the week after next"), ["once"]),
    ("zh-Hant", "三月二十號下午兩點半", once("03-20 14:30"), ["once"]),
    ("zh-Hant", "半個小時後提醒我", once("03-05 10:30"), ["relative"]),
    ("zh-Hant", "一個半小時後叫我", once("03-05 11:30"), ["relative"]),
    ("zh-Hant", "兩個鐘頭後提醒我關瓦斯", once("03-05 12:00"), ["relative", "embedded"]),
    ("zh-Hant", "二十分鐘後提醒我關火", once("03-05 10:20"), ["relative", "embedded"]),
    ("zh-Hant", "兩天後下午三點", once("03-07 15:00"), ["relative"]),
    ("zh-Hant", "一個禮拜後早上九點", once("03-12 09:00"), ["relative"]),
    ("zh-Hant", "每天清晨五點", rep(days("05:00")), ["daily", "day-part"]),
    ("zh-Hant", "每天傍晚六點提醒我遛狗", rep(days("18:00")), ["daily", "day-part", "embedded"]),
    ("zh-Hant", "每天半夜十二點", rep(["03-06 00:00", "03-07 00:00", "03-08 00:00"], "midnight is the 00:00 that starts the next day"), ["daily", "day-part"]),
    ("zh-Hant", "每天早上８點半", rep(days("08:30")), ["daily", "full-width"]),
    ("zh-Hant", "每天早上八點三刻", rep(days("08:45")), ["daily", "minutes"]),
    ("zh-Hant", "每天晚上九點鐘提醒我", rep(days("21:00")), ["daily"]),
    ("zh-Hant", "每天下午5時半", rep(days("17:30")), ["daily"]),
    ("zh-Hant", "每天二十三點", rep(days("23:00")), ["daily"]),
    ("zh-Hant", "麻煩每天早上八點提醒我量血壓喔", rep(days("08:00")), ["daily", "polite"]),
    ("zh-Hant", "請每天早上八點提醒我喝水謝謝", rep(days("08:00")), ["daily", "polite"]),
    ("zh-Hant", "每天早上七點叫我起床好嗎", rep(days("07:00")), ["daily", "question"]),
    ("zh-Hant", "每禮拜三晚上七點", rep(days("19:00", (WED,))), ["weekly"]),
    ("zh-Hant", "每週二四晚上八點打球", rep(days("20:00", (TUE, THU))), ["weekly", "day-list"]),
    ("zh-Hant", "每週一跟禮拜四早上九點", rep(days("09:00", (MON, THU))), ["weekly", "day-list"]),
    ("zh-Hant", "每逢禮拜三晚上八點", rep(days("20:00", (WED,))), ["weekly"]),
    ("zh-Hant", "每週一~五早上八點", rep(days("08:00", WORK)), ["workday"]),
    ("zh-Hant", "隔週的禮拜二晚上七點", rep(["03-10 19:00", "03-24 19:00", "04-07 19:00"], "every other Tuesday from the coming one"), ["interval", "weekly"]),
    ("zh-Hant", "每天九點到五點之間每小時", rep(["03-05 11:00", "03-05 12:00", "03-05 13:00"], "a window's first run after now; 五點 after 九點 is 17:00"), ["window"]),
    ("zh-Hant", "週一到週五早上九點到晚上六點每兩小時", rep(["03-05 11:00", "03-05 13:00", "03-05 15:00"], "from 9:00 every two hours, on weekdays"), ["window", "workday"]),
    ("zh-Hant", "每隔三十分鐘提醒我站起來", rep(["03-05 10:30", "03-05 11:00", "03-05 11:30"]), ["interval", "embedded"]),
    ("zh-Hant", "每4個鐘頭", rep(["03-05 12:00", "03-05 16:00", "03-05 20:00"]), ["interval"]),
    ("zh-Hant", "每天早上八點但週三不要", rep(days("08:00", (MON, TUE, THU, FRI, SAT, SUN))), ["exclusion"]),
    ("zh-Hant", "每天早上8點 週六日不用", rep(days("08:00", WORK)), ["exclusion"]),
    ("zh-Hant", "每月十五號下午三點", rep(["03-15 15:00", "04-15 15:00", "05-15 15:00"]), ["monthly"]),
    ("zh-Hant", "每個月第二個禮拜三早上十點", rep(["03-11 10:00", "04-08 10:00", "05-13 10:00"]), ["ordinal"]),
    ("zh-Hant", "每月月底晚上九點", rep(["03-31 21:00", "04-30 21:00", "05-31 21:00"]), ["last-day"]),
    ("zh-Hant", "下個月十號晚上八點", once("04-10 20:00"), ["month-relative"]),
    ("zh-Hant", "每天早上八點跟八點半", rep(["03-06 08:00", "03-06 08:30", "03-07 08:00"]), ["multi-time"]),
    ("zh-Hant", "一天兩次，早上九點和晚上九點", rep(times("09:00", "21:00")), ["multi-time", "n-per-day"]),
    ("zh-Hant", "每天早中晚", {**ASK, "note": "早中晚 names three parts of the day but no clock"}, ["multi-time", "vague"]),
    ("zh-Hant", "下禮拜一起每天早上七點", rep(["03-09 07:00", "03-10 07:00", "03-11 07:00"]), ["start"]),
    ("zh-Hant", "每天早上八點直到3月20號", rep(days("08:00"), last="03-20 08:00"), ["end"]),
    ("zh-Hant", "每週一早上九點，到四月底為止", rep(days("09:00", (MON,)), last="04-27 09:00"), ["end", "weekly"]),
    ("zh-Hant", "每天早上八點提醒我，五次就好", rep(days("08:00"), last="03-10 08:00"), ["count"]),
    ("zh-Hant", "每天晚上九點，持續一個禮拜", rep(days("21:00"), "a week from now: the last run is on 11 March", last="03-11 21:00"), ["duration"]),
    # --- Simplified Chinese, the same shapes ---
    ("zh-Hans", "每天早上八点过十分", rep(days("08:10"), GUO), ["minutes", "daily"]),
    ("zh-Hans", "明天下午三点零五分", once("03-06 15:05", LING), ["minutes", "once"]),
    ("zh-Hans", "每天晚上十点零五分", rep(days("22:05"), LING), ["minutes", "daily"]),
    ("zh-Hans", "明天早上九点差一刻", once("03-06 08:45", CHA), ["minutes", "once"]),
    ("zh-Hans", "每天下午四点过一刻提醒我", rep(days("16:15"), GUO), ["minutes", "daily"]),
    ("zh-Hans", "周五3pm开会", once("03-06 15:00", LATIN), ["english", "once"]),
    ("zh-Hans", "明天9am提醒我开会", once("03-06 09:00", LATIN), ["english", "once"]),
    ("zh-Hans", "每天8am提醒我吃药", rep(days("08:00"), LATIN), ["english", "daily"]),
    ("zh-Hans", "tomorrow 晚上八点", {**once("03-06 20:00", MIXED), "ask": True}, ["english", "once"]),
    ("zh-Hans", "every day 早上八点", {**rep(days("08:00"), MIXED), "ask": True}, ["english", "daily"]),
    ("zh-Hans", "每天早上八点，不含周末", rep(days("08:00", WORK), EXCEPT), ["exclusion"]),
    ("zh-Hans", "每天早上八点，跳过周三", rep(days("08:00", (MON, TUE, THU, FRI, SAT, SUN)), EXCEPT), ["exclusion"]),
    ("zh-Hans", "每天早上八点，周三以外", rep(days("08:00", (MON, TUE, THU, FRI, SAT, SUN)), EXCEPT), ["exclusion"]),
    ("zh-Hans", "礼拜一到五早上八点", rep(days("08:00", WORK), "礼拜一到五 is Monday to Friday"), ["workday"]),
    ("zh-Hans", "月初早上九点", {**ASK, "note": EARLY}, ["vague"]),
    ("zh-Hans", "假日早上十点", {**ASK, "note": HOLIDAY}, ["vague"]),
    ("zh-Hans", "今天夜里十一点", once("03-05 23:00", "夜里 is the night: 23:00 today"), ["day-part", "once"]),
    ("zh-Hans", "每天早上七点叫我起床", rep(days("07:00")), ["daily"]),
    ("zh-Hans", "每周一三五早上七点", rep(days("07:00", (MON, WED, FRI))), ["weekly", "day-list"]),
    ("zh-Hans", "每个月1号早上九点交房租", rep(["04-01 09:00", "05-01 09:00", "06-01 09:00"]), ["monthly", "embedded"]),
    ("zh-Hans", "下周三下午四点", once("03-11 16:00"), ["once"]),
    ("zh-Hans", "半小时后提醒我", once("03-05 10:30"), ["relative"]),
    ("zh-Hans", "一个半小时后叫我", once("03-05 11:30"), ["relative"]),
    ("zh-Hans", "每两个小时提醒我喝水", rep(["03-05 12:00", "03-05 14:00", "03-05 16:00"]), ["interval"]),
    ("zh-Hans", "每天早上八点，总共五次", rep(days("08:00"), last="03-10 08:00"), ["count"]),
    ("zh-Hans", "每天晚上九点，持续两周", rep(days("21:00"), "two weeks from now: the last run is on 18 March", last="03-18 21:00"), ["duration"]),
    ("zh-Hans", "从下周一开始每天早上八点", rep(["03-09 08:00", "03-10 08:00", "03-11 08:00"]), ["start"]),
    ("zh-Hans", "每月最后一个星期五下午五点", rep(["03-27 17:00", "04-24 17:00", "05-29 17:00"]), ["ordinal", "last-day"]),
    ("zh-Hans", "大后天早上十点", once("03-08 10:00"), ["once"]),
    ("zh-Hans", "每天早上八点和晚上八点", rep(times("08:00", "20:00")), ["multi-time"]),
    # --- a second sweep, after the first fixes: hours and minutes of a delay, the end of the year, N units once ---
    ("zh-Hant", "1小時30分後提醒我", once("03-05 11:30", "an hour and thirty minutes from now, not thirty minutes"), ["relative"]),
    ("zh-Hant", "兩小時三十分鐘後", once("03-05 12:30"), ["relative"]),
    ("zh-Hant", "一小時半後叫我", once("03-05 11:30", "一小時半 is an hour and a half"), ["relative"]),
    ("zh-Hant", "每週五晚上七點，到年底", rep(days("19:00", (FRI,)), "年底 is the end of this year: the last Friday is 25 December", last="12-25 19:00"), ["end", "weekly"]),
    ("zh-Hant", "每天早上八點，直到今年年底", rep(days("08:00"), "the end of this year, 31 December included", last="12-31 08:00"), ["end"]),
    ("zh-Hant", "每天早上八點，一直到月底", rep(days("08:00"), "一直到 is 到: the end of this month", last="03-31 08:00"), ["end"]),
    ("zh-Hant", "每週一早上九點，到明年年底", {**ASK, "note": "明年年底 is more than a year ahead of some runs' reading: not this year's end; asked"}, ["end", "weekly"]),
    ("zh-Hant", "每週一次，禮拜一早上九點", rep(days("09:00", (MON,)), "once a week, on Monday"), ["weekly", "interval"]),
    ("zh-Hant", "兩週一次禮拜一早上九點", rep(["03-09 09:00", "03-23 09:00", "04-06 09:00"], "once every two weeks, on Monday, from the coming one"), ["weekly", "interval"]),
    ("zh-Hant", "每月一次，1號早上九點", rep(["04-01 09:00", "05-01 09:00", "06-01 09:00"], "once a month, on the 1st"), ["monthly", "interval"]),
    ("zh-Hant", "兩天一次晚上九點", rep(["03-05 21:00", "03-07 21:00", "03-09 21:00"], "once every two days, from today"), ["interval"]),
    ("zh-Hant", "每天午後三點", rep(days("15:00"), "午後 is the afternoon"), ["daily", "day-part"]),
    ("zh-Hans", "1小时30分后提醒我", once("03-05 11:30", "an hour and thirty minutes from now, not thirty minutes"), ["relative"]),
    ("zh-Hans", "每周五晚上七点，到年底", rep(days("19:00", (FRI,)), "年底 is the end of this year: the last Friday is 25 December", last="12-25 19:00"), ["end", "weekly"]),
    ("zh-Hans", "每周一次，周一早上九点", rep(days("09:00", (MON,)), "once a week, on Monday"), ["weekly", "interval"]),
    # --- a third sweep, after the second round: next week's Sunday, 七點四五, holidays, a bare day list, 前 / 以後 after a clock ---
    ("zh-Hant", "下禮拜天晚上七點", once("03-15 19:00", "下禮拜天 is the Sunday of next Monday-to-Sunday week, as 下週五 is its Friday"), ["once", "weekday-word"]),
    ("zh-Hant", "下週日早上十點提醒我", once("03-15 10:00", "the Sunday of next week"), ["once"]),
    ("zh-Hant", "下星期天下午兩點半", once("03-15 14:30", "the Sunday of next week"), ["once"]),
    ("zh-Hant", "明天早上七點四五叫我", once("03-06 07:45", "七點四五 is 7:45, as 七點零五 is 7:05"), ["minutes", "once"]),
    ("zh-Hant", "每天晚上九點二五", rep(days("21:25"), "九點二五 is 9:25"), ["minutes", "daily"]),
    ("zh-Hant", "聖誕節早上九點", {**ASK, "note": "a holiday's date is not read: asked, never tomorrow"}, ["vague", "holiday"]),
    ("zh-Hant", "除夕晚上八點提醒我回家吃飯", {**ASK, "note": "a holiday's date is not read: asked, never today"}, ["vague", "holiday"]),
    ("zh-Hant", "一三五早上七點去健身房", {**rep(days("07:00", (MON, WED, FRI)), "一三五 before a time is Monday, Wednesday and Friday"), "ask": True}, ["day-list"]),
    ("zh-Hant", "今天下午五點前提醒我", {**ASK, "note": "before 5pm is a deadline, not a time: asked"}, ["vague"]),
    ("zh-Hant", "每天早上八點以前", {**ASK, "note": "before 8 every morning: which time? asked"}, ["vague", "daily"]),
    ("zh-Hans", "下周日早上十点提醒我", once("03-15 10:00", "the Sunday of next week"), ["once"]),
    ("zh-Hans", "圣诞节早上九点", {**ASK, "note": "a holiday's date is not read: asked, never tomorrow"}, ["vague", "holiday"]),
    ("zh-Hans", "明天早上七点四五叫我", once("03-06 07:45", "七点四五 is 7:45"), ["minutes", "once"]),
    # --- a last sweep: 廿 / 卅 (20 / 30) and 連假 ---
    ("zh-Hant", "早上九點卅分提醒我", once("03-06 09:30", "卅 is thirty"), ["minutes", "once"]),
    ("zh-Hant", "每天早上九點廿分", rep(days("09:20"), "廿 is twenty"), ["minutes", "daily"]),
    ("zh-Hant", "每月廿五號早上九點繳房租", rep(["03-25 09:00", "04-25 09:00", "05-25 09:00"], "廿五 is 25"), ["monthly"]),
    ("zh-Hant", "每天早上八點，連假不用", {**ASK, "note": "連假 (a long weekend) names no days the grammar knows: asked, never dropped"}, ["exclusion", "vague"]),
    # --- 今早 / 今朝: this morning (found by the sweep, fixed last) ---
    ("zh-Hant", "今早9點提醒我吃藥", {"refused": ["in_the_past"], "note": "this morning at 09:00 has passed at 10:00: past, never tomorrow at 09:00 nor tonight at 21:00"}, ["once", "past"]),
    ("zh-Hant", "今早十一點提醒我開會", once("03-05 11:00", "this morning, still ahead"), ["once"]),
    ("zh-Hant", "今朝9點提我", {**{"refused": ["in_the_past"], "note": "this morning at 09:00 has passed at 10:00: past, never tomorrow at 09:00 nor tonight at 21:00"}, "zone": "Asia/Hong_Kong"}, ["once", "past", "cantonese"]),
    ("zh-Hant", "今朝十一點提我交報告", {**once("03-05 11:00", "Cantonese 今朝: this morning, still ahead"), "zone": "Asia/Hong_Kong"}, ["once", "cantonese"]),
    ("zh-Hans", "今早9点提醒我", {"refused": ["in_the_past"], "note": "this morning at 09:00 has passed at 10:00: past, never tomorrow at 09:00 nor tonight at 21:00"}, ["once", "past"]),
]

if __name__ == "__main__":
    print_new_rows(R, "fif", "tuning15")
