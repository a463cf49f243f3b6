"""Builds the nineteenth tuning set, tuning19.jsonl (issue #31): Chinese reminders as people ask
an assistant for them, task first — medicine (飯後 is a meal, not a clock: asked where no time is
given), bills and rent, trash days, picking up children, exercise, meetings and stand-ups,
birthdays and anniversaries, exams, watering plants, a flight or a trip (a time said relative to
another event: read right or asked, never the event's own time), a shift pattern, a course of
treatment — in whole sentences with the conversation around them (我想…, 可以幫我…嗎, 對了…, 謝啦),
numbers written every way, two tasks in one message (asked), and bounded repetition: 接下來三天,
未來一週, 之後兩週, 共十四天, 吃一個月, "，一個月", 這個月 / 本月 / 呢個月 (to the month's end), 今年, 到下個月底,
到下個月15號, 每個月第一個 Monday, a start with a duration (counted from the start). Mostly
Traditional Chinese in Taipei's and Hong Kong's zones, the rest Simplified in Shanghai's. A sample
of what already read right is kept beside what was found refused or read wrongly.

The runs were decided by hand as local wall times ("03-06 08:00", year 2026 unless written
"2027-05-20 09:00") and are converted to UTC here with Python's zoneinfo (not duely's code). `now`
is Thursday 5 March 2026, 10:00 local; Taipei, Hong Kong and Shanghai have no DST. A duration
("接下來三天", "共十四天", "一個月") ends that long after now on the wall clock (the table's rule for
"for two weeks"), or after the first day when a later start is said; "這個月" before a repetition
is to the end of this month, included.

    python3 convert19.py > tuning19.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from wall_times import print_new_rows
import wall_times

TP = "Asia/Taipei"
HK = "Asia/Hong_Kong"
SH = "Asia/Shanghai"


def utc_any_year(wall: str, zone: str) -> str:
    """Like wall_times.utc, but a wall time may carry its own year ("2027-05-20 09:00")."""
    if len(wall) > 11:
        local = datetime.strptime(wall, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(zone))
        return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return PLAIN_UTC(wall, zone)


PLAIN_UTC = wall_times.utc
wall_times.utc = utc_any_year


def once(wall, note=None, zone=TP, ask=False):
    want = {"fires": [wall], "zone": zone}
    if note:
        want["note"] = note
    if ask:
        want["ask"] = True
    return want


def runs(walls, last=None, note=None, zone=TP, ask=False):
    want = {"fires": walls, "zone": zone}
    if last:
        want["last"] = last
    if note:
        want["note"] = note
    if ask:
        want["ask"] = True
    return want


def asked(note, zone=TP):
    return {"refused": ["ambiguous_schedule"], "note": note, "zone": zone}


def days(hhmm, first="03-06", n=3):
    """n daily walls at hh:mm from the day `first` of March."""
    d0 = int(first[3:])
    return [f"03-{d0 + i:02d} {hhmm}" for i in range(n)]


NEXT_N = "接下來 / 未來 / 之後 N 天 is a duration: the runs stop N days after now (the table's rule for 'for two weeks')"
TOTAL_N = "共 N 天 (N days in all) is a duration, as 持續 N 天 is"
CLAUSE = "a bare 'N 個月' / '吃一個月' after the repetition, as a clause of its own, is how long: a duration"
THIS_MONTH = "這個月 / 本月 / 呢個月 before a repetition bounds it: to the end of this month, included"
THIS_WEEK = "這週 / 這禮拜 before a repetition: to Sunday, or asked (the rest of the week ends on Friday for some)"
THIS_YEAR = "今年 before a repetition: to the end of the year, or asked; never forever"
NEXT_MONTH_END = "下個月底 is the last day of next month: 30 April"
NEXT_MONTH_DAY = "到下個月15號: the runs end after 15 April"
START_DURATION = "a duration said with a later start counts from the start: from Monday 9 March"
EN_NTH = "an English weekday in a Chinese 'first / last X of the month' is that weekday"
VAGUE_WORD = "names no day the reader knows (a season, a term, a holiday, a shift pattern, the start of the month): asked, never dropped"
MONTH_START = "月初 / 月頭 (the start of the month) names no day: asked (the policy)"
MEAL = "a meal or bedtime is no clock: asked"
EVENT = "a time said relative to another event (前一晚, 提前一小時): read right, or asked; never the event's own time"
TWO_TASKS = "two tasks, each with its own time, in one message: asked (one task per time), never one task at both"
NO_TIME = "no time of day: asked"
COUNT_CLASSES = "共8堂 is eight classes: eight runs"
ONE_DOSE = "吃一次 (take one dose) on each run says nothing more than the interval"
EITHER = "早晚八點 is 08:00 and 20:00; a question is fair"

W_FRI_SUN_8 = days("08:00")
R = [
    # Bounded repetition: the next N days / weeks
    ("zh-Hant", "接下來三天每天早上八點提醒我吃藥", runs(W_FRI_SUN_8, "03-08 08:00", NEXT_N), ["bounded", "medicine"]),
    ("zh-Hant", "接下來七天每天早上八點提醒我吃抗生素", runs(W_FRI_SUN_8, "03-12 08:00", NEXT_N), ["bounded", "medicine"]),
    ("zh-Hant", "接下來5天每天晚上9點提醒我點眼藥水", runs(days("21:00", "03-05"), "03-09 21:00", NEXT_N), ["bounded", "medicine"]),
    ("zh-Hant", "未來一週每天早上八點提醒我吃藥", runs(W_FRI_SUN_8, "03-12 08:00", NEXT_N), ["bounded", "medicine"]),
    ("zh-Hant", "未來七天每天晚上九點提醒我擦藥", runs(days("21:00", "03-05"), "03-11 21:00", NEXT_N), ["bounded", "medicine"]),
    ("zh-Hant", "之後兩週每天早上八點提醒我吃藥", runs(W_FRI_SUN_8, "03-19 08:00", NEXT_N), ["bounded", "medicine"]),
    ("zh-Hant", "接下來的三天，每天早上八點提醒我", runs(W_FRI_SUN_8, "03-08 08:00", NEXT_N), ["bounded"]),
    ("zh-Hant", "接下來兩週每天晚上十點提醒我", runs(days("22:00", "03-05"), "03-18 22:00", NEXT_N), ["bounded"]),
    ("zh-Hant", "每天晚上九點提醒我喝水，接下來5天", runs(days("21:00", "03-05"), "03-09 21:00", NEXT_N), ["bounded"]),
    ("zh-Hant", "接下來四週每週六早上十點提醒我上課", runs(["03-07 10:00", "03-14 10:00", "03-21 10:00"], "03-28 10:00", NEXT_N), ["bounded", "course"]),
    ("zh-Hant", "接下來的四個禮拜六早上十點上課", runs(["03-07 10:00", "03-14 10:00", "03-21 10:00"], "03-28 10:00", "the next four Saturdays: four runs, or asked", ask=True), ["bounded", "course"]),
    ("zh-Hant", "每天早上八點，一個月", runs(W_FRI_SUN_8, "04-05 08:00", CLAUSE), ["bounded"]),
    ("zh-Hant", "每天早上八點提醒我吃藥，吃一個月", runs(W_FRI_SUN_8, "04-05 08:00", CLAUSE), ["bounded", "medicine"]),
    ("zh-Hant", "每天早上八點提醒我吃藥，共十四天", runs(W_FRI_SUN_8, "03-19 08:00", TOTAL_N), ["bounded", "medicine"]),
    ("zh-Hant", "每天晚上8點背英文單字 共30天", runs(days("20:00", "03-05"), "04-03 20:00", TOTAL_N), ["bounded", "exam"]),
    ("zh-Hant", "每週一三五早上十點打針，打三週", runs(["03-06 10:00", "03-09 10:00", "03-11 10:00"], "03-25 10:00", CLAUSE), ["bounded", "course"]),
    ("zh-Hant", "從下週一開始每天早上八點，共十天", runs(days("08:00", "03-09"), "03-18 08:00", START_DURATION), ["bounded", "start"]),
    ("zh-Hant", "從下禮拜一開始，每天晚上十點提醒我吃藥，持續兩週", runs(days("22:00", "03-09"), "03-22 22:00", START_DURATION), ["bounded", "start", "medicine"]),
    ("zh-Hant", "從明天起連續五天早上七點叫我", runs(days("07:00"), "03-10 07:00", "five days in a row from tomorrow at 07:00, or asked", ask=True), ["bounded", "start"]),
    ("zh-Hant", "連續五天早上八點提醒我量血壓", runs(W_FRI_SUN_8, "03-10 08:00", "five days in a row at 08:00, or asked", ask=True), ["bounded", "medicine"]),
    ("zh-Hant", "每天早上八點吃藥，持續一個月", runs(W_FRI_SUN_8, "04-05 08:00"), ["bounded", "medicine"]),
    ("zh-Hant", "每天早上八點提醒我吃藥，為期兩週", runs(W_FRI_SUN_8, "03-19 08:00"), ["bounded", "medicine"]),
    ("zh-Hant", "每天早上八點提醒我吃藥，總共七次", runs(W_FRI_SUN_8, "03-12 08:00"), ["count", "medicine"]),
    ("zh-Hant", "療程每週二下午三點復健，一共十次", runs(["03-10 15:00", "03-17 15:00", "03-24 15:00"], "05-12 15:00"), ["count", "course"]),
    ("zh-Hant", "從下週開始每週六早上十點上課，共8堂", runs(["03-14 10:00", "03-21 10:00", "03-28 10:00"], "05-02 10:00", COUNT_CLASSES), ["count", "course", "start"]),
    ("zh-Hant", "每週一次，連續六週，週六早上十點提醒我上課", runs(["03-07 10:00", "03-14 10:00", "03-21 10:00"], "04-11 10:00"), ["bounded", "course"]),
    # This month, this week, this year
    ("zh-Hant", "這個月每天晚上十點提醒我記帳", runs(days("22:00", "03-05"), "03-31 22:00", THIS_MONTH), ["this-period", "bills"]),
    ("zh-Hant", "這個月每天早上8點提醒我打卡", runs(W_FRI_SUN_8, "03-31 08:00", THIS_MONTH), ["this-period"]),
    ("zh-Hant", "本月每天晚上九點提醒我記帳", runs(days("21:00", "03-05"), "03-31 21:00", THIS_MONTH), ["this-period", "bills"]),
    ("zh-Hant", "呢個月每晚10點提我記數", runs(days("22:00", "03-05"), "03-31 22:00", THIS_MONTH, zone=HK), ["this-period", "cantonese"]),
    ("zh-Hant", "這週每天晚上十一點提醒我睡覺", runs(days("23:00", "03-05"), "03-08 23:00", THIS_WEEK, ask=True), ["this-period"]),
    ("zh-Hant", "這禮拜每天早上七點叫我起床", runs(days("07:00"), "03-08 07:00", THIS_WEEK, ask=True), ["this-period"]),
    ("zh-Hant", "呢個禮拜每朝7點叫我起身", runs(days("07:00"), "03-08 07:00", THIS_WEEK, zone=HK, ask=True), ["this-period", "cantonese"]),
    ("zh-Hant", "今年每週一早上九點", runs(["03-09 09:00", "03-16 09:00", "03-23 09:00"], "12-28 09:00", THIS_YEAR, ask=True), ["this-period"]),
    ("zh-Hant", "這學期每週三下午兩點上課", asked(VAGUE_WORD), ["vague", "course"]),
    ("zh-Hant", "寒假每天早上十點提醒我練琴", asked(VAGUE_WORD), ["vague"]),
    ("zh-Hant", "夏天每天傍晚六點澆水", asked(VAGUE_WORD), ["vague", "plants"]),
    ("zh-Hant", "上四休二，每天早上七點提醒我", asked(VAGUE_WORD), ["vague", "shift"]),
    ("zh-Hant", "做二休二早上七點提醒我", asked(VAGUE_WORD), ["vague", "shift"]),
    ("zh-Hant", "輪班的日子早上六點叫我", asked(VAGUE_WORD), ["vague", "shift"]),
    ("zh-Hant", "月頭早上九點提醒我交租", asked(MONTH_START), ["vague", "bills"]),
    ("zh-Hant", "月頭九點提醒我", asked(MONTH_START), ["vague", "bills"]),
    ("zh-Hant", "每個月月頭早上九點提醒我", asked(MONTH_START), ["vague", "bills"]),
    ("zh-Hant", "月頭提我交租", asked(MONTH_START, zone=HK), ["vague", "bills", "cantonese"]),
    ("zh-Hant", "每月月初早上九點提醒我繳費", asked(MONTH_START), ["vague", "bills"]),
    ("zh-Hant", "月初提醒我繳房租", asked(MONTH_START), ["vague", "bills"]),
    # Ends
    ("zh-Hant", "每天早上八點提醒我吃藥直到下個月底", runs(W_FRI_SUN_8, "04-30 08:00", NEXT_MONTH_END), ["end", "medicine"]),
    ("zh-Hant", "到下個月底每天早上八點", runs(W_FRI_SUN_8, "04-30 08:00", NEXT_MONTH_END), ["end"]),
    ("zh-Hant", "每天早上八點到下個月底為止", runs(W_FRI_SUN_8, "04-30 08:00", NEXT_MONTH_END), ["end"]),
    ("zh-Hant", "下個月底早上九點提醒我繳費", once("04-30 09:00", NEXT_MONTH_END), ["once", "bills"]),
    ("zh-Hant", "每天晚上十點到下個月15號", runs(days("22:00", "03-05"), "04-15 22:00", NEXT_MONTH_DAY), ["end"]),
    ("zh-Hant", "每天早上八點提醒我吃藥到下個月五號", runs(W_FRI_SUN_8, "04-05 08:00"), ["end", "medicine"]),
    ("zh-Hant", "每天早上八點提醒我吃藥到月底", runs(W_FRI_SUN_8, "03-31 08:00", "到月底 after the task's words: to 31 March"), ["end", "medicine"]),
    ("zh-Hant", "每天早上八點提醒我吃藥，到這個月底", runs(W_FRI_SUN_8, "03-31 08:00"), ["end", "medicine"]),
    ("zh-Hant", "到月底每天早上八點提醒我吃藥", runs(W_FRI_SUN_8, "03-31 08:00"), ["end", "medicine"]),
    ("zh-Hant", "每週五晚上七點到年底", runs(["03-06 19:00", "03-13 19:00", "03-20 19:00"], "12-25 19:00"), ["end"]),
    ("zh-Hant", "每週二下午三點復健到五月底", runs(["03-10 15:00", "03-17 15:00", "03-24 15:00"], "05-26 15:00"), ["end", "course"]),
    ("zh-Hant", "每天晚上八點讀書到3月28號為止", runs(days("20:00", "03-05"), "03-28 20:00"), ["end", "exam"]),
    ("zh-Hant", "這個月底前每天早上九點", runs(days("09:00"), "03-31 09:00", "before the end of this month: to 31 March, or asked", ask=True), ["end"]),
    ("zh-Hant", "3月28號考試，每天晚上八點提醒我讀書到考試那天", runs(days("20:00", "03-05"), "03-28 20:00", "to the exam day, 28 March, or asked", ask=True), ["end", "exam"]),
    # An English weekday in the month's n-th weekday
    ("zh-Hant", "每個月第一個 Monday 早上九點開會", runs(["04-06 09:00", "05-04 09:00", "06-01 09:00"], note=EN_NTH), ["english", "meeting"]),
    ("zh-Hant", "每個月第一個Monday早上九點", runs(["04-06 09:00", "05-04 09:00", "06-01 09:00"], note=EN_NTH), ["english"]),
    ("zh-Hant", "每月第一個Monday早上10點開會", runs(["04-06 10:00", "05-04 10:00", "06-01 10:00"], note=EN_NTH), ["english", "meeting"]),
    ("zh-Hant", "每個月最後一個 Friday 下午五點交報表", runs(["03-27 17:00", "04-24 17:00", "05-29 17:00"], note=EN_NTH), ["english", "meeting"]),
    ("zh-Hant", "每個月第一個 Monday 朝早9點開會", runs(["04-06 09:00", "05-04 09:00", "06-01 09:00"], note=EN_NTH, zone=HK), ["english", "cantonese"]),
    ("zh-Hant", "每個月第一個週一早上九點開月會", runs(["04-06 09:00", "05-04 09:00", "06-01 09:00"]), ["meeting"]),
    # Medicine
    ("zh-Hant", "每天早上八點提醒我吃藥", runs(W_FRI_SUN_8), ["medicine"]),
    ("zh-Hant", "每天早上8點跟晚上8點提醒我吃藥", runs(["03-05 20:00", "03-06 08:00", "03-06 20:00"]), ["medicine"]),
    ("zh-Hant", "每天早晚八點提醒我吃藥", runs(["03-05 20:00", "03-06 08:00", "03-06 20:00"], note=EITHER, ask=True), ["medicine"]),
    ("zh-Hant", "飯後提醒我吃藥", asked(MEAL), ["medicine", "meal"]),
    ("zh-Hant", "每天三餐飯後提醒我吃藥", asked(MEAL), ["medicine", "meal"]),
    ("zh-Hant", "每天睡前提醒我吃藥", asked(MEAL), ["medicine", "meal"]),
    ("zh-Hant", "每天晚餐後提醒我吃藥", asked(MEAL), ["medicine", "meal"]),
    ("zh-Hant", "每八小時提醒我吃一次藥", runs(["03-05 16:00", "03-06 00:00", "03-06 08:00"], note=ONE_DOSE), ["medicine", "interval"]),
    ("zh-Hant", "每隔八小時提醒我吃藥", runs(["03-05 16:00", "03-06 00:00", "03-06 08:00"]), ["medicine", "interval"]),
    ("zh-Hant", "醫生說要吃七天的抗生素，每天早上八點和晚上八點提醒我", runs(["03-05 20:00", "03-06 08:00", "03-06 20:00"], "03-12 08:00", "seven days of antibiotics: to 12 March, or asked", ask=True), ["medicine", "bounded"]),
    ("zh-Hant", "麻煩每天早上七點半提醒我吃血壓藥", runs(days("07:30")), ["medicine", "filler"]),
    ("zh-Hant", "每個禮拜天晚上八點提醒我分藥盒", runs(["03-08 20:00", "03-15 20:00", "03-22 20:00"]), ["medicine", "weekly"]),
    # A time relative to another event
    ("zh-Hant", "下週三早上九點回診，前一天晚上八點提醒我", once("03-10 20:00", EVENT, ask=True), ["event-relative", "medicine"]),
    ("zh-Hant", "我下週三早上七點的飛機，前一晚十點提醒我收行李", once("03-10 22:00", EVENT, ask=True), ["event-relative", "trip"]),
    ("zh-Hant", "下週三早上九點回診，提前一小時提醒我", once("03-11 08:00", EVENT, ask=True), ["event-relative", "medicine"]),
    ("zh-Hant", "明天下午三點開會，提前十分鐘提醒我", once("03-06 14:50", EVENT, ask=True), ["event-relative", "meeting"]),
    ("zh-Hant", "明天下午三點開會，兩點五十提醒我", once("03-06 14:50", EVENT, ask=True), ["event-relative", "meeting"]),
    ("zh-Hant", "3月18號早上7點飛東京，3月17號晚上10點提醒我收行李", once("03-17 22:00", EVENT, ask=True), ["event-relative", "trip"]),
    ("zh-Hant", "後天早上七點半的高鐵，提前一小時叫我", once("03-07 06:30", EVENT, ask=True), ["event-relative", "trip"]),
    ("zh-Hant", "老婆生日4月2號，提前一週提醒我", asked(NO_TIME), ["event-relative", "birthday"]),
    ("zh-Hant", "出國前一天提醒我換錢", asked(NO_TIME), ["event-relative", "trip"]),
    ("zh-Hant", "明天下午兩點五十提醒我開會", once("03-06 14:50"), ["meeting"]),
    ("zh-Hant", "下週三凌晨五點提醒我出門趕飛機", once("03-11 05:00"), ["trip"]),
    ("zh-Hant", "週五晚上九點提醒我 check in", once("03-06 21:00"), ["trip", "english"]),
    # Bills and rent
    ("zh-Hant", "每月五號早上九點提醒我繳卡費", runs(["04-05 09:00", "05-05 09:00", "06-05 09:00"]), ["bills"]),
    ("zh-Hant", "每月五號提醒我繳卡費", asked(NO_TIME), ["bills"]),
    ("zh-Hant", "每個月25號提醒我繳房租，早上九點", runs(["03-25 09:00", "04-25 09:00", "05-25 09:00"]), ["bills"]),
    ("zh-Hant", "每月15號跟30號早上九點提醒我記帳", {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": "not every month has a 30th: asked (the policy)", "zone": TP}, ["bills"]),
    ("zh-Hant", "每個月最後一天早上九點提醒我繳房租", runs(["03-31 09:00", "04-30 09:00", "05-31 09:00"]), ["bills"]),
    ("zh-Hant", "每月月底晚上八點提醒我繳電話費", runs(["03-31 20:00", "04-30 20:00", "05-31 20:00"]), ["bills"]),
    ("zh-Hant", "每兩個月十號早上九點提醒我繳水費", runs(["03-10 09:00", "05-10 09:00", "07-10 09:00"]), ["bills"]),
    ("zh-Hant", "每年五月一號早上九點提醒我報稅", runs(["05-01 09:00", "2027-05-01 09:00", "2028-05-01 09:00"]), ["bills", "yearly"]),
    ("zh-Hant", "每季第一天早上九點提醒我繳保費", runs(["04-01 09:00", "07-01 09:00", "10-01 09:00"], note="every quarter's first day, or asked", ask=True), ["bills"]),
    # Trash
    ("zh-Hant", "每週二四晚上八點倒垃圾", runs(["03-05 20:00", "03-10 20:00", "03-12 20:00"]), ["trash"]),
    ("zh-Hant", "每週二四倒垃圾", asked(NO_TIME), ["trash"]),
    ("zh-Hant", "每個禮拜二跟禮拜四晚上八點提醒我倒垃圾", runs(["03-05 20:00", "03-10 20:00", "03-12 20:00"]), ["trash"]),
    ("zh-Hant", "每週一三五晚上七點半倒垃圾，週二四六資源回收", asked(TWO_TASKS), ["trash", "two-tasks"]),
    ("zh-Hant", "每天晚上八點倒垃圾，除了週三和週日", runs(["03-05 20:00", "03-06 20:00", "03-07 20:00"]), ["trash", "exclusion"]),
    ("zh-Hant", "垃圾車晚上八點來，每天提醒我", runs(days("20:00", "03-05"), note="every day at 20:00, or asked", ask=True), ["trash"]),
    # Children, exercise, meetings
    ("zh-Hant", "平日下午四點半提醒我接小孩放學", runs(["03-05 16:30", "03-06 16:30", "03-09 16:30"]), ["kids"]),
    ("zh-Hant", "每週三下午三點半提醒我去安親班接小孩", runs(["03-11 15:30", "03-18 15:30", "03-25 15:30"]), ["kids"]),
    ("zh-Hant", "每個平日早上九點半站會", runs(["03-06 09:30", "03-09 09:30", "03-10 09:30"]), ["meeting"]),
    ("zh-Hant", "每天早上十點開晨會，週末不用", runs(["03-06 10:00", "03-09 10:00", "03-10 10:00"]), ["meeting", "exclusion"]),
    ("zh-Hant", "隔週四下午三點跟主管一對一", runs(["03-05 15:00", "03-19 15:00", "04-02 15:00"]), ["meeting"]),
    ("zh-Hant", "早上九點到下午六點每小時提醒我喝水", runs(["03-05 11:00", "03-05 12:00", "03-05 13:00"]), ["exercise", "window"]),
    ("zh-Hant", "上班時間每小時提醒我站起來", asked("the user's working hours: asked (the policy)"), ["exercise"]),
    ("zh-Hant", "每隔一天晚上八點提醒我運動", runs(["03-05 20:00", "03-07 20:00", "03-09 20:00"]), ["exercise"]),
    ("zh-Hant", "每個禮拜五下班前提醒我寫週報", asked("下班前 names no clock: asked"), ["meeting"]),
    # Birthdays, exams
    ("zh-Hant", "每年3月21日提醒我媽生日", asked(NO_TIME), ["birthday"]),
    ("zh-Hant", "每年三月二十一號早上九點提醒我媽媽生日", runs(["03-21 09:00", "2027-03-21 09:00", "2028-03-21 09:00"]), ["birthday"]),
    ("zh-Hant", "每年農曆八月十五提醒我", asked("a lunar date: asked (the policy)"), ["birthday"]),
    ("zh-Hant", "結婚紀念日5月20號，每年早上九點提醒", runs(["05-20 09:00", "2027-05-20 09:00", "2028-05-20 09:00"]), ["birthday"]),
    ("zh-Hant", "每年520晚上八點提醒我訂餐廳", runs(["05-20 20:00", "2027-05-20 20:00", "2028-05-20 20:00"], note="520 is 20 May; a question is fair", ask=True), ["birthday"]),
    ("zh-Hant", "從今天開始每天晚上八點提醒我讀書，直到3月28號", runs(days("20:00", "03-05"), "03-28 20:00"), ["exam", "end"]),
    ("zh-Hant", "每天晚上八點背單字，持續30天", runs(days("20:00", "03-05"), "04-03 20:00"), ["exam", "bounded"]),
    # Conversation around the schedule
    ("zh-Hant", "可以幫我明天早上九點提醒我打電話給銀行嗎？謝謝", once("03-06 09:00"), ["filler"]),
    ("zh-Hant", "對了，每天晚上九點提醒我吃藥，謝啦", runs(days("21:00", "03-05")), ["filler", "medicine"]),
    ("zh-Hant", "嗯…每天晚上十一點提醒我睡覺好了", runs(days("23:00", "03-05")), ["filler"]),
    ("zh-Hant", "拜託明天早上七點叫醒我，我怕睡過頭", once("03-06 07:00"), ["filler"]),
    ("zh-Hant", "麻煩你每週日晚上九點提醒我準備下週的便當", runs(["03-08 21:00", "03-15 21:00", "03-22 21:00"], note="下週 belongs to the task; a question is fair", ask=True), ["filler"]),
    ("zh-Hant", "就明天下午三點吧，提醒我去郵局", once("03-06 15:00"), ["filler"]),
    ("zh-Hant", "我想每天早上八點提醒我吃藥", runs(W_FRI_SUN_8), ["filler", "medicine"]),
    # Numbers every way
    ("zh-Hant", "明天早上０８：３０提醒我", once("03-06 08:30"), ["numbers"]),
    ("zh-Hant", "明天晚上七點四十五", once("03-06 19:45"), ["numbers"]),
    ("zh-Hant", "每天早上6點40出門", runs(days("06:40")), ["numbers"]),
    ("zh-Hant", "每月十五日上午九時繳費", runs(["03-15 09:00", "04-15 09:00", "05-15 09:00"]), ["numbers", "bills"]),
    ("zh-Hant", "二〇二六年三月二十一日早上九點", once("03-21 09:00"), ["numbers"]),
    # Two tasks in one message
    ("zh-Hant", "明天早上九點提醒我繳費，下午三點提醒我開會", asked(TWO_TASKS), ["two-tasks"]),
    ("zh-Hant", "每天早上八點吃藥，晚上十點提醒我睡覺", asked(TWO_TASKS), ["two-tasks"]),
    ("zh-Hant", "明天早上八點提醒我吃藥，後天晚上八點提醒我倒垃圾", asked(TWO_TASKS), ["two-tasks"]),
    ("zh-Hant", "今天晚上八點倒垃圾，明天早上八點吃藥", asked(TWO_TASKS), ["two-tasks"]),
    ("zh-Hant", "每週二倒垃圾，每週五晚上八點繳費", asked(TWO_TASKS), ["two-tasks"]),
    # Hong Kong
    ("zh-Hant", "接落嚟三日每朝8點提我食藥", runs(W_FRI_SUN_8, "03-08 08:00", NEXT_N, zone=HK), ["bounded", "cantonese"]),
    ("zh-Hant", "之後三日每朝8點提我食藥", runs(W_FRI_SUN_8, "03-08 08:00", NEXT_N, zone=HK), ["bounded", "cantonese"]),
    ("zh-Hant", "每朝8點提我食藥，食一個月", runs(W_FRI_SUN_8, "04-05 08:00", CLAUSE, zone=HK), ["bounded", "cantonese"]),
    ("zh-Hant", "每個禮拜二四夜晚8點倒垃圾", runs(["03-05 20:00", "03-10 20:00", "03-12 20:00"], zone=HK), ["trash", "cantonese"]),
    ("zh-Hant", "聽日朝早9點提我打俾阿媽，唔該", once("03-06 09:00", zone=HK), ["filler", "cantonese"]),
    # Simplified Chinese
    ("zh-Hans", "接下来三天每天早上八点提醒我吃药", runs(W_FRI_SUN_8, "03-08 08:00", NEXT_N, zone=SH), ["bounded", "medicine"]),
    ("zh-Hans", "未来一周每天晚上九点提醒我擦药", runs(days("21:00", "03-05"), "03-11 21:00", NEXT_N, zone=SH), ["bounded", "medicine"]),
    ("zh-Hans", "接下来的一个月每天晚上九点提醒我跑步", runs(days("21:00", "03-05"), "04-04 21:00", NEXT_N, zone=SH), ["bounded", "exercise"]),
    ("zh-Hans", "这个月每天晚上十点提醒我记账", runs(days("22:00", "03-05"), "03-31 22:00", THIS_MONTH, zone=SH), ["this-period", "bills"]),
    ("zh-Hans", "本月每天早上八点提醒我", runs(W_FRI_SUN_8, "03-31 08:00", THIS_MONTH, zone=SH), ["this-period"]),
    ("zh-Hans", "这周每天早上七点叫我起床", runs(days("07:00"), "03-08 07:00", THIS_WEEK, zone=SH, ask=True), ["this-period"]),
    ("zh-Hans", "今年每周一早上九点", runs(["03-09 09:00", "03-16 09:00", "03-23 09:00"], "12-28 09:00", THIS_YEAR, zone=SH, ask=True), ["this-period"]),
    ("zh-Hans", "每个月5号提醒我交房租", asked(NO_TIME, zone=SH), ["bills"]),
    ("zh-Hans", "每周二四晚上八点倒垃圾", runs(["03-05 20:00", "03-10 20:00", "03-12 20:00"], zone=SH), ["trash"]),
    ("zh-Hans", "每天早上八点，一个月", runs(W_FRI_SUN_8, "04-05 08:00", CLAUSE, zone=SH), ["bounded"]),
    ("zh-Hans", "每天早上8点，共十四天", runs(W_FRI_SUN_8, "03-19 08:00", TOTAL_N, zone=SH), ["bounded"]),
    ("zh-Hans", "连续七天每天早上八点提醒我", runs(W_FRI_SUN_8, "03-12 08:00", zone=SH), ["bounded"]),
    ("zh-Hans", "每个月第一个 Monday 早上九点开会", runs(["04-06 09:00", "05-04 09:00", "06-01 09:00"], note=EN_NTH, zone=SH), ["english", "meeting"]),
    ("zh-Hans", "每天早上八点提醒我吃药，直到下个月底", runs(W_FRI_SUN_8, "04-30 08:00", NEXT_MONTH_END, zone=SH), ["end", "medicine"]),
    ("zh-Hans", "每天晚上十点到下个月15号", runs(days("22:00", "03-05"), "04-15 22:00", NEXT_MONTH_DAY, zone=SH), ["end"]),
    ("zh-Hans", "每天早上八点提醒我吃药到月底", runs(W_FRI_SUN_8, "03-31 08:00", zone=SH), ["end", "medicine"]),
    ("zh-Hans", "从下周一开始每天早上八点提醒我，共十天", runs(days("08:00", "03-09"), "03-18 08:00", START_DURATION, zone=SH), ["bounded", "start"]),
    ("zh-Hans", "我下周三早上七点的飞机，前一晚十点提醒我收拾行李", once("03-10 22:00", EVENT, zone=SH, ask=True), ["event-relative", "trip"]),
    ("zh-Hans", "明天下午三点开会，提前十分钟提醒我", once("03-06 14:50", EVENT, zone=SH, ask=True), ["event-relative", "meeting"]),
    ("zh-Hans", "月初早上九点提醒我交房租", asked(MONTH_START, zone=SH), ["vague", "bills"]),
    ("zh-Hans", "月头早上九点提醒我", asked(MONTH_START, zone=SH), ["vague", "bills"]),
    ("zh-Hans", "这学期每周三下午两点上课", asked(VAGUE_WORD, zone=SH), ["vague", "course"]),
    ("zh-Hans", "暑假每天早上十点练琴", asked(VAGUE_WORD, zone=SH), ["vague"]),
    ("zh-Hans", "夏天每天傍晚六点浇花", asked(VAGUE_WORD, zone=SH), ["vague", "plants"]),
    ("zh-Hans", "上四休二，每天早上七点提醒我", asked(VAGUE_WORD, zone=SH), ["vague", "shift"]),
    ("zh-Hans", "工作日早上九点半站会", runs(["03-06 09:30", "03-09 09:30", "03-10 09:30"], zone=SH), ["meeting"]),
    ("zh-Hans", "每年3月21日早上九点提醒我妈妈生日", runs(["03-21 09:00", "2027-03-21 09:00", "2028-03-21 09:00"], zone=SH), ["birthday"]),
    ("zh-Hans", "明天早上九点提醒我缴费，下午三点提醒我开会", asked(TWO_TASKS, zone=SH), ["two-tasks"]),
]

print_new_rows(R, "ntn", "tuning19")
