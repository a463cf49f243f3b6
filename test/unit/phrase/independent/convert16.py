"""Builds the sixteenth tuning set, tuning16.jsonl (issue #31): Traditional Chinese as written in
Hong Kong — Cantonese day and time words (聽日, 聽朝, 聽晚, 後日, 大後日, 今朝, 朝早, 晏晝, 下晝, 夜晚,
挨晚), 禮拜 / 星期 days, 逢, 每個禮拜, 隔個禮拜, 每朝, X點Y個字 (a 字 is five minutes), 一個鐘 / 半個鐘,
再過, 同 for "and", 嘅 for 的, 除咗 / 唔使, 返工 — and English mixed in ("聽日 3pm call client",
"每個 Monday 朝早 9點"), with some rows in Taiwan's zone and a few in Simplified Chinese and
Japanese where the same characters or the same mixing occur. A sample of what already read right
is kept beside what was found refused or read wrongly. It is a tuning set only (no held-out part).

The runs were decided by hand as local wall times ("03-06 15:00", year 2026) and are converted to
UTC here with Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local;
Hong Kong, Taipei, Shanghai and Tokyo have no DST.

    python3 convert16.py > tuning16.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from wall_times import print_new_rows

HK = "Asia/Hong_Kong"
TP = "Asia/Taipei"


def hk(want):
    return {**want, "zone": HK}


def once(wall, note=None, zone=HK, ask=False):
    want = {"fires": [wall], "zone": zone}
    if note:
        want["note"] = note
    if ask:
        want["ask"] = True
    return want


def runs(walls, note=None, zone=HK, last=None, ask=False):
    want = {"fires": walls, "zone": zone}
    if note:
        want["note"] = note
    if last:
        want["last"] = last
    if ask:
        want["ask"] = True
    return want


def asked(note, zone=HK):
    return {"refused": ["ambiguous_schedule"], "note": note, "zone": zone}


DAILY_8 = ["03-06 08:00", "03-07 08:00", "03-08 08:00"]
WD_8 = ["03-06 08:00", "03-09 08:00", "03-10 08:00"]
MON_9 = ["03-09 09:00", "03-16 09:00", "03-23 09:00"]
MON_THU_10 = ["03-09 10:00", "03-12 10:00", "03-16 10:00"]
LAST_DAY_9 = ["03-31 09:00", "04-30 09:00", "05-31 09:00"]
NO_SUN_8 = ["03-06 08:00", "03-07 08:00", "03-09 08:00"]
JI = "a 字 is five minutes: X點Y個字 is Y x 5 minutes past X"
CANTO_MIN = "Cantonese X點Y (no 分) counts 字, five minutes each; Mandarin could mean Y minutes: the Cantonese time, or asked, never Y minutes"
TING_WAAN = "聽晚 is tomorrow evening (聽 = tomorrow), not this evening"
NGAAN_ZAU = "晏晝 is midday to early afternoon: with a clock it is that hour after noon; alone it names no time, asked"
SAME = "同 is 'and' in Cantonese"
TOMORROW_EN = "the English 'tomorrow' in a Chinese sentence is the next day, never dropped"
EN_DAY = "an English weekday name in a Chinese sentence is that weekday, never dropped"
FAAN_GUNG = "返工日 / 返工時間 are the user's own working days or hours (Monday to Friday or to Saturday? which hours?): asked"
EVERY_OTHER = "隔個禮拜X is every other week on that day, as 隔週X; a question is fair, a single run is not"
HK_SLASH = "in Hong Kong dates are written day first as often as month first: 8/4 could be 8 April or 4 August, asked"
ZERO = "零五分 is five past: 15:05, not 03:05"
BARE = "a bare hour from 1 to 6 with nothing to say night or day: asked (the policy)"
NOON_GLUE = "lunch is not a time of its own here; the day and 12:30 are; a question is fair"

R = [
    # One-off, Cantonese day and time words (Hong Kong)
    ("zh-Hant", "聽日下晝3點提我開會", once("03-06 15:00"), ["once", "cantonese"]),
    ("zh-Hant", "聽朝9點提我交報告", once("03-06 09:00"), ["once", "cantonese"]),
    ("zh-Hant", "聽晚8點提我睇波", once("03-06 20:00", TING_WAAN), ["once", "cantonese"]),
    ("zh-Hant", "聽晚十點半叫我瞓覺", once("03-06 22:30", TING_WAAN), ["once", "cantonese"]),
    ("zh-Hant", "聽朝八點半叫我起身", once("03-06 08:30"), ["once", "cantonese"]),
    ("zh-Hant", "後日朝早10點提我去銀行", once("03-07 10:00"), ["once", "cantonese"]),
    ("zh-Hant", "大後日晚上7點", once("03-08 19:00"), ["once", "cantonese"]),
    ("zh-Hant", "今晚9點提我打電話俾阿媽", once("03-05 21:00"), ["once", "cantonese"]),
    ("zh-Hant", "今朝11點提我覆email", once("03-05 11:00"), ["once", "cantonese", "mixed-en"]),
    ("zh-Hant", "挨晚6點提我收衫", once("03-05 18:00"), ["once", "cantonese", "day-part"]),
    ("zh-Hant", "夜晚9點提我食藥", once("03-05 21:00"), ["once", "cantonese", "day-part"]),
    ("zh-Hant", "晏晝1點提我食飯", once("03-05 13:00", NGAAN_ZAU), ["once", "cantonese", "day-part"]),
    ("zh-Hant", "聽日晏晝兩點提我", once("03-06 14:00", NGAAN_ZAU), ["once", "cantonese", "day-part"]),
    ("zh-Hant", "聽日晏晝12點半同客食飯", once("03-06 12:30", NGAAN_ZAU), ["once", "cantonese", "day-part"]),
    ("zh-Hant", "晏晝提我", asked(NGAAN_ZAU), ["once", "cantonese", "day-part"]),
    ("zh-Hant", "聽日下晝", asked("a part of the day without a clock names no time"), ["once", "cantonese", "day-part"]),
    ("zh-Hant", "今日下晝五點三個字", once("03-05 17:15", JI), ["once", "cantonese", "ji"]),
    ("zh-Hant", "聽日下晝三點九個字開會", once("03-06 15:45", JI), ["once", "cantonese", "ji"]),
    ("zh-Hant", "聽日朝早八點四個字", once("03-06 08:20", JI), ["once", "cantonese", "ji"]),
    ("zh-Hant", "三點三個字提我", asked(BARE), ["once", "cantonese", "ji", "bare-hour"]),
    ("zh-Hant", "聽日朝早八點五", once("03-06 08:25", CANTO_MIN, ask=True), ["once", "cantonese", "ji"]),
    ("zh-Hant", "下晝三點三提我", once("03-05 15:15", CANTO_MIN, ask=True), ["once", "cantonese", "ji"]),
    ("zh-Hant", "聽日下午三點零五分", once("03-06 15:05", ZERO), ["once", "minutes"]),
    ("zh-Hant", "聽日朝早10點鐘", once("03-06 10:00"), ["once", "cantonese"]),
    ("zh-Hant", "聽日9點正提我", once("03-06 09:00"), ["once", "cantonese"]),
    ("zh-Hant", "聽日3點半提我開會", asked(BARE), ["once", "cantonese", "bare-hour"]),
    ("zh-Hant", "今日5點提我", once("03-05 17:00", "today at 5 once 05:00 has passed is 17:00 (the policy)"), ["once", "cantonese"]),
    # Relative
    ("zh-Hant", "一個鐘之後提我", once("03-05 11:00"), ["relative", "cantonese"]),
    ("zh-Hant", "半個鐘後提我熄爐", once("03-05 10:30"), ["relative", "cantonese"]),
    ("zh-Hant", "兩個鐘頭後叫我", once("03-05 12:00"), ["relative", "cantonese"]),
    ("zh-Hant", "再過半個鐘提我", once("03-05 10:30"), ["relative", "cantonese"]),
    ("zh-Hant", "再過十分鐘提我", once("03-05 10:10"), ["relative", "cantonese"]),
    ("zh-Hant", "等陣提我", asked("等陣 is 'in a while': vague"), ["relative", "cantonese", "vague"]),
    ("zh-Hant", "遲啲提我", asked("遲啲 is 'later': vague"), ["relative", "cantonese", "vague"]),
    # Named days and dates
    ("zh-Hant", "禮拜五下晝3點開會", once("03-06 15:00"), ["once", "weekday"]),
    ("zh-Hant", "呢個禮拜六朝早10點", once("03-07 10:00"), ["once", "weekday", "cantonese"]),
    ("zh-Hant", "下個禮拜一朝早9點", once("03-09 09:00"), ["once", "weekday"]),
    ("zh-Hant", "下星期三下晝兩點", once("03-11 14:00"), ["once", "weekday"]),
    ("zh-Hant", "3月20號下晝3點", once("03-20 15:00"), ["once", "date"]),
    ("zh-Hant", "3/20 朝早9點", once("03-20 09:00"), ["once", "date", "slash"]),
    ("zh-Hant", "20/3 朝早9點", once("03-20 09:00", "20 cannot be a month: 20 March, or asked", ask=True), ["once", "date", "slash"]),
    ("zh-Hant", "8/4 朝早9點開會", asked(HK_SLASH), ["once", "date", "slash"]),
    ("zh-Hant", "聽日同後日朝早9點", runs(["03-06 09:00", "03-07 09:00"], SAME, last="03-07 09:00"), ["named-days", "cantonese"]),
    ("zh-Hant", "今日同聽日晚上6點", runs(["03-05 18:00", "03-06 18:00"], SAME, last="03-06 18:00"), ["named-days", "cantonese"]),
    ("zh-Hant", "聽日朝早9點或者10點", asked("two times offered as alternatives"), ["once", "condition"]),
    ("zh-Hant", "今晚8點，如果落雨就唔使", asked("a condition"), ["once", "condition", "cantonese"]),
    # English mixed in
    ("zh-Hant", "聽日 3pm call client", once("03-06 15:00"), ["once", "mixed-en"]),
    ("zh-Hant", "聽日 10am meeting", once("03-06 10:00"), ["once", "mixed-en"]),
    ("zh-Hant", "今晚 8pm dinner", once("03-05 20:00"), ["once", "mixed-en"]),
    ("zh-Hant", "禮拜五 5pm 提我交report", once("03-06 17:00"), ["once", "mixed-en"]),
    ("zh-Hant", "tomorrow 3pm 提我", once("03-06 15:00", TOMORROW_EN), ["once", "mixed-en"]),
    ("zh-Hant", "tmr 朝早11點提我覆client", once("03-06 11:00", TOMORROW_EN), ["once", "mixed-en"]),
    ("zh-Hant", "Monday 朝早9點提我開會", once("03-09 09:00", EN_DAY), ["once", "mixed-en", "weekday"]),
    ("zh-Hant", "下個禮拜五 lunch 12點半", once("03-13 12:30", NOON_GLUE, ask=True), ["once", "mixed-en"]),
    ("zh-Hant", "下個禮拜五朝早 9:30", once("03-13 09:30"), ["once", "weekday"]),
    # Daily
    ("zh-Hant", "每朝8點提我食藥", runs(DAILY_8, "每朝 is every morning"), ["daily", "cantonese"]),
    ("zh-Hant", "每朝七點半叫我起身", runs(["03-06 07:30", "03-07 07:30", "03-08 07:30"]), ["daily", "cantonese"]),
    ("zh-Hant", "每晚10點提我瞓覺", runs(["03-05 22:00", "03-06 22:00", "03-07 22:00"]), ["daily", "cantonese"]),
    ("zh-Hant", "每日晏晝1點提我食藥", runs(["03-05 13:00", "03-06 13:00", "03-07 13:00"], NGAAN_ZAU), ["daily", "cantonese", "day-part"]),
    ("zh-Hant", "每日夜晚9點", runs(["03-05 21:00", "03-06 21:00", "03-07 21:00"]), ["daily", "cantonese"]),
    ("zh-Hant", "每日朝早8點同夜晚8點提我食藥", runs(["03-05 20:00", "03-06 08:00", "03-06 20:00"], SAME), ["daily", "multi-time", "cantonese"]),
    ("zh-Hant", "一日兩次，朝早9點同夜晚9點", runs(["03-05 21:00", "03-06 09:00", "03-06 21:00"], "twice a day with both times said"), ["daily", "multi-time", "twice"]),
    # Weekly, weekdays
    ("zh-Hant", "逢星期一朝早9點開會", runs(MON_9), ["weekly", "cantonese"]),
    ("zh-Hant", "逢禮拜二四晚上7點半", runs(["03-05 19:30", "03-10 19:30", "03-12 19:30"]), ["weekly", "cantonese"]),
    ("zh-Hant", "逢星期一三五夜晚8點", runs(["03-06 20:00", "03-09 20:00", "03-11 20:00"]), ["weekly", "cantonese"]),
    ("zh-Hant", "每個禮拜日朝早10點", runs(["03-08 10:00", "03-15 10:00", "03-22 10:00"]), ["weekly", "cantonese"]),
    ("zh-Hant", "每個禮拜一同禮拜四朝早10點", runs(MON_THU_10, SAME), ["weekly", "cantonese"]),
    ("zh-Hant", "每個禮拜六同禮拜日朝早10點", runs(["03-07 10:00", "03-08 10:00", "03-14 10:00"], SAME), ["weekly", "cantonese"]),
    ("zh-Hant", "每個 Monday 朝早 9點", runs(MON_9, EN_DAY), ["weekly", "mixed-en"]),
    ("zh-Hant", "every Monday 朝早9點", runs(MON_9, EN_DAY), ["weekly", "mixed-en"]),
    ("zh-Hant", "逢 Friday 5pm 提我交timesheet", runs(["03-06 17:00", "03-13 17:00", "03-20 17:00"], EN_DAY), ["weekly", "mixed-en"]),
    ("zh-Hant", "weekday 每朝8點", runs(WD_8, "weekday with 每朝: every weekday morning at 8"), ["workday", "mixed-en", "cantonese"]),
    ("zh-Hant", "每個 weekday 朝早8點", runs(WD_8), ["workday", "mixed-en"]),
    ("zh-Hant", "星期一至五朝早8點", runs(WD_8, "星期一至五 is Monday to Friday"), ["workday", "range"]),
    ("zh-Hant", "禮拜一至五朝早七點半", runs(["03-06 07:30", "03-09 07:30", "03-10 07:30"]), ["workday", "range"]),
    ("zh-Hant", "逢星期一至五朝早八點", runs(WD_8), ["workday", "range", "cantonese"]),
    ("zh-Hant", "逢週末朝早十點", runs(["03-07 10:00", "03-08 10:00", "03-14 10:00"]), ["weekend", "cantonese"]),
    ("zh-Hant", "週末朝早10點", asked("a bare 週末: this weekend or every weekend (the policy)"), ["weekend"]),
    ("zh-Hant", "返工日朝早8點提我打卡", asked(FAAN_GUNG), ["workday", "cantonese"]),
    ("zh-Hant", "返工時間每個鐘提我飲水", asked(FAAN_GUNG), ["interval", "window", "cantonese"]),
    # Every other week, every N
    ("zh-Hant", "隔個禮拜一朝早9點", runs(["03-09 09:00", "03-23 09:00", "04-06 09:00"], EVERY_OTHER, ask=True), ["every-other", "cantonese"]),
    ("zh-Hant", "隔個星期三晚上8點", runs(["03-11 20:00", "03-25 20:00", "04-08 20:00"], EVERY_OTHER, ask=True), ["every-other", "cantonese"]),
    ("zh-Hant", "每隔一個禮拜嘅禮拜二朝早10點", runs(["03-10 10:00", "03-24 10:00", "04-07 10:00"], "嘅 is 的"), ["every-other", "cantonese"]),
    ("zh-Hant", "每兩個禮拜嘅禮拜一朝早9點", runs(["03-09 09:00", "03-23 09:00", "04-06 09:00"], "嘅 is 的"), ["every-other", "cantonese"]),
    ("zh-Hant", "每半個鐘提我郁下", runs(["03-05 10:30", "03-05 11:00", "03-05 11:30"]), ["interval", "cantonese"]),
    ("zh-Hant", "每兩個鐘提我飲水", runs(["03-05 12:00", "03-05 14:00", "03-05 16:00"]), ["interval", "cantonese"]),
    ("zh-Hant", "每個鐘提我企起身", runs(["03-05 11:00", "03-05 12:00", "03-05 13:00"]), ["interval", "cantonese"]),
    ("zh-Hant", "朝早9點到夜晚6點每個鐘提我飲水", runs(["03-05 11:00", "03-05 12:00", "03-05 13:00"], "the window's ends included"), ["interval", "window", "cantonese"]),
    ("zh-Hant", "朝早九點至下晝六點每兩個鐘", runs(["03-05 11:00", "03-05 13:00", "03-05 15:00"], "the window's ends included"), ["interval", "window", "cantonese"]),
    # Monthly
    ("zh-Hant", "每個月1號朝早9點交租", runs(["04-01 09:00", "05-01 09:00", "06-01 09:00"]), ["monthly"]),
    ("zh-Hant", "每個月最後一日朝早9點", runs(LAST_DAY_9), ["last-day", "cantonese"]),
    ("zh-Hant", "每個月最尾一日晚上8點", runs(["03-31 20:00", "04-30 20:00", "05-31 20:00"], "最尾 is 最後"), ["last-day", "cantonese"]),
    ("zh-Hant", "每個月尾朝早9點提我找數", runs(LAST_DAY_9, "月尾 is 月底"), ["last-day", "cantonese"]),
    ("zh-Hant", "每個月第一個禮拜一朝早9點", runs(["04-06 09:00", "05-04 09:00", "06-01 09:00"]), ["ordinal"]),
    ("zh-Hant", "每個月最後一個禮拜五下晝5點", runs(["03-27 17:00", "04-24 17:00", "05-29 17:00"]), ["ordinal", "last-day"]),
    # Exclusions, starts, ends, counts
    ("zh-Hant", "每日朝早八點，除咗禮拜日", runs(NO_SUN_8, "除咗 is 除了"), ["exclusion", "cantonese"]),
    ("zh-Hant", "每日朝早八點，禮拜日唔使", runs(NO_SUN_8, "唔使 is 不用"), ["exclusion", "cantonese"]),
    ("zh-Hant", "除咗禮拜三，每日朝早9點", runs(["03-06 09:00", "03-07 09:00", "03-08 09:00"], "除咗 is 除了"), ["exclusion", "cantonese"]),
    ("zh-Hant", "每日朝早八點，星期六日除外", runs(WD_8), ["exclusion"]),
    ("zh-Hant", "每日朝早9點，聽日開始", runs(["03-06 09:00", "03-07 09:00", "03-08 09:00"]), ["start", "cantonese"]),
    ("zh-Hant", "由聽日開始每朝7點叫我", runs(["03-06 07:00", "03-07 07:00", "03-08 07:00"], "由 is 從"), ["start", "cantonese"]),
    ("zh-Hant", "由下個禮拜一開始，每日朝早8點", runs(["03-09 08:00", "03-10 08:00", "03-11 08:00"]), ["start", "cantonese"]),
    ("zh-Hant", "每晚9點提我食藥，到3月底為止", runs(["03-05 21:00", "03-06 21:00", "03-07 21:00"], last="03-31 21:00"), ["end"]),
    ("zh-Hant", "每日朝早8點，一共10次", runs(DAILY_8, last="03-15 08:00"), ["count"]),
    ("zh-Hant", "每日朝早8點，連續兩個禮拜", runs(DAILY_8, "two weeks from now, 03-19 10:00", last="03-19 08:00"), ["duration"]),
    # Taiwan's zone: the same characters, Mandarin use
    ("zh-Hant", "8/4 早上9點", once("08-04 09:00", "month first in Chinese (the policy); Taiwan writes it so", zone=TP), ["once", "date", "slash"]),
    ("zh-Hant", "下午三點零五分打電話", once("03-05 15:05", ZERO, zone=TP), ["once", "minutes"]),
    ("zh-Hant", "每個月最後一日早上九點", runs(LAST_DAY_9, zone=TP), ["last-day"]),
    ("zh-Hant", "星期一至五早上八點", runs(WD_8, zone=TP), ["workday", "range"]),
    ("zh-Hant", "tomorrow 下午3點提醒我", once("03-06 15:00", TOMORROW_EN, zone=TP), ["once", "mixed-en"]),
    ("zh-Hant", "每週一至週五早上八點半", runs(["03-06 08:30", "03-09 08:30", "03-10 08:30"], zone=TP), ["workday", "range"]),
    # Simplified Chinese
    ("zh-Hans", "明天下午三点零五分提醒我", {"fires": ["03-06 15:05"], "note": ZERO}, ["once", "minutes"]),
    ("zh-Hans", "下午五点零五分提醒我", {"fires": ["03-05 17:05"], "note": ZERO}, ["once", "minutes"]),
    ("zh-Hans", "tomorrow 下午3点提醒我", {"fires": ["03-06 15:00"], "note": TOMORROW_EN}, ["once", "mixed-en"]),
    ("zh-Hans", "Friday 下午5点提醒我交周报", {"fires": ["03-06 17:00"], "note": EN_DAY}, ["once", "mixed-en", "weekday"]),
    ("zh-Hans", "每个 Monday 早上9点", {"fires": MON_9, "note": EN_DAY}, ["weekly", "mixed-en"]),
    ("zh-Hans", "星期一至五早上8点", {"fires": WD_8}, ["workday", "range"]),
    ("zh-Hans", "每个月最后一日早上9点", {"fires": LAST_DAY_9}, ["last-day"]),
    ("zh-Hans", "每个礼拜一和礼拜四早上10点", {"fires": MON_THU_10}, ["weekly"]),
    ("zh-Hans", "每半个钟头提醒我", {"fires": ["03-05 10:30", "03-05 11:00", "03-05 11:30"]}, ["interval"]),
    ("zh-Hans", "每个月底早上9点", {"fires": LAST_DAY_9}, ["last-day"]),
    # Japanese: the same kanji, English mixed in
    ("ja", "毎週 Monday 9時", {"fires": MON_9, "note": EN_DAY}, ["weekly", "mixed-en"]),
    ("ja", "明日 3pm に電話", {"fires": ["03-06 15:00"]}, ["once", "mixed-en"]),
    ("ja", "tomorrow の午後3時", {"fires": ["03-06 15:00"], "note": TOMORROW_EN}, ["once", "mixed-en"]),
    ("ja", "午後3時05分に電話", {"fires": ["03-05 15:05"]}, ["once", "minutes"]),
    ("ja", "毎週月曜と木曜の10時", {"fires": MON_THU_10}, ["weekly"]),
    ("ja", "月曜から金曜の朝8時", {"fires": WD_8}, ["workday", "range"]),
    ("ja", "毎朝7時半に起こして", {"fires": ["03-06 07:30", "03-07 07:30", "03-08 07:30"]}, ["daily"]),
    ("ja", "明日の朝9時と夜9時", {"fires": ["03-06 09:00", "03-06 21:00"], "last": "03-06 21:00"}, ["once", "multi-time"]),
    # Found after the first fixes (a second sweep of English mixed in), added before their own fix
    ("zh-Hant", "everyday 朝早8點提我食藥", runs(DAILY_8, "everyday / daily / every day typed in English is every day, never one run"), ["daily", "mixed-en", "found"]),
    ("zh-Hant", "daily 朝早8點", runs(DAILY_8, "everyday / daily / every day typed in English is every day, never one run"), ["daily", "mixed-en", "found"]),
    ("zh-Hant", "every day 朝早8點", runs(DAILY_8, "everyday / daily / every day typed in English is every day, never one run"), ["daily", "mixed-en", "found"]),
    ("zh-Hant", "next Friday 3pm 提我", once("03-13 15:00", "next Friday is the Friday of next week (the policy), as 下個禮拜五"), ["once", "mixed-en", "weekday", "found"]),
    ("zh-Hant", "next Monday 朝早9點", once("03-09 09:00", "next Monday is the Monday of next week (the policy)"), ["once", "mixed-en", "weekday", "found"]),
    ("zh-Hant", "每個 weekend 朝早10點", runs(["03-07 10:00", "03-08 10:00", "03-14 10:00"], "every weekend"), ["weekend", "mixed-en", "found"]),
    ("zh-Hant", "聽日下晝三點幾", asked("三點幾 is 'three-something': no minute said, asked, not 15:00"), ["once", "cantonese", "vague", "found"]),
    ("zh-Hant", "聽晚7點半同屋企人食飯", once("03-06 19:30", TING_WAAN), ["once", "cantonese"]),
    ("zh-Hant", "每個禮拜三同禮拜五夜晚7點半踢波", runs(["03-06 19:30", "03-11 19:30", "03-13 19:30"], SAME), ["weekly", "cantonese"]),
    ("zh-Hant", "聽日 9am 同 3pm 提我", runs(["03-06 09:00", "03-06 15:00"], SAME, last="03-06 15:00"), ["once", "multi-time", "mixed-en"]),
    # Found by a third sweep, added before their fix
    ("zh-Hant", "今晚7點同聽晚7點", runs(["03-05 19:00", "03-06 19:00"], "tonight and tomorrow evening: two runs, never tomorrow only", last="03-06 19:00"), ["named-days", "cantonese", "found"]),
    ("zh-Hant", "今晚7點和明晚7點", runs(["03-05 19:00", "03-06 19:00"], "tonight and tomorrow evening: two runs, never tomorrow only", zone=TP, last="03-06 19:00"), ["named-days", "found"]),
    ("zh-Hant", "聽日朝早8點同後日夜晚9點", runs(["03-06 08:00", "03-07 21:00"], "each date with its own time: those two runs, or asked; never both times on both days", last="03-07 21:00", ask=True), ["named-days", "cantonese", "found"]),
    ("zh-Hant", "一個半鐘之後提我", once("03-05 11:30", "一個半鐘 is an hour and a half"), ["relative", "cantonese", "found"]),
    ("zh-Hant", "兩個半鐘之後叫我", once("03-05 12:30"), ["relative", "cantonese", "found"]),
    ("zh-Hant", "個半鐘後提我", once("03-05 11:30", "個半鐘 (no number) is an hour and a half"), ["relative", "cantonese", "found"]),
    ("zh-Hant", "每日朝早8點，一個月", runs(DAILY_8, "一個月 after the schedule is for a month (to 04-05 10:00), or asked; never dropped", last="04-05 08:00", ask=True), ["duration", "cantonese", "found"]),
    ("zh-Hant", "逢一三五朝早6點半", runs(["03-06 06:30", "03-09 06:30", "03-11 06:30"], "逢一三五 is every Monday, Wednesday and Friday"), ["weekly", "cantonese", "found"]),
    # Found by a fourth sweep, added before their fix
    ("zh-Hant", "除夕夜晚8點提我打電話返屋企", asked("除夕 (the lunar New Year's Eve) is a lunar date, not read: asked, never tonight"), ["once", "calendar", "found"]),
    ("zh-Hant", "中秋節夜晚8點", asked("中秋 is a lunar date, not read: asked, never tonight"), ["once", "calendar", "found"]),
]


print_new_rows(R, "sxt", "tuning16")
