"""Builds the twentieth tuning set, tuning20.jsonl: Japanese and Korean reminders as people ask an
assistant for them (docs/phrases.md, issue #31). A sweep of some 400 phrasings, task first (薬 / 약,
ゴミの日 / 분리수거, 家賃 / 월세, 会議 / 회의, 誕生日 / 생일, 子供のお迎え, 運動, 水やり, a flight), in
keigo and casual registers, with loanwords and English mixed in, kanji and native numerals, across
one-offs, relative days and delays, daily, weekly, every N, windows, exceptions, ordinals and month
ends, several times, starts, ends, counts, bounded repetitions (3日間毎日, 今月いっぱい, 일주일 동안
매일, 이번 달 내내) and conditions said as verb endings. The rows hold what it found wrong and a sample
of what already read right.

The runs were decided by hand as local wall times ("03-06 09:00" is 2026; a full date
"2027-05-12 09:00" for later years) and are converted to UTC with Python's zoneinfo (not duely's
code). `now` is Thursday 5 March 2026, 10:00 local (Tokyo, Seoul): 7-8 March is this weekend,
Monday 9 March starts next week. A duration ("3日間", "일주일 동안") runs from now: its end is now plus
that long (the documented policy), so "3日間毎日9時" runs on 6, 7 and 8 March.

    python3 convert20.py > tuning20.jsonl
"""
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import wall_times
from wall_times import print_new_rows


def utc(wall: str, zone: str) -> str:
    """As wall_times.utc, also for a wall time with its own year ("2027-05-12 09:00")."""
    text = wall if len(wall) > 11 else f"2026-{wall}"
    local = datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(zone))
    return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


wall_times.utc = utc  # Tokyo and Seoul have no DST: every wall time exists once.


def daily(*times, last=None, ask=False, note=None):
    """The first three runs of a daily schedule at those times, said at 10:00 on 5 March."""
    runs = sorted(f"03-{d:02d} {t}" for d in (5, 6, 7, 8) for t in times if d > 5 or t > "10:00")[:3]
    want = {"fires": runs}
    if last is not None:
        want["last"] = last
    if ask:
        want["ask"] = True
    if note is not None:
        want["note"] = note
    return want


def once(wall, ask=False, note=None):
    want = {"fires": [wall]}
    if ask:
        want["ask"] = True
    if note is not None:
        want["note"] = note
    return want


def fires(*walls, last=None, ask=False, note=None):
    want = {"fires": list(walls)}
    if last is not None:
        want["last"] = last
    if ask:
        want["ask"] = True
    if note is not None:
        want["note"] = note
    return want


ASK = {"refused": ["ambiguous_schedule"]}
COND = {"refused": ["ambiguous_schedule"], "note": "a condition duely cannot check (rain): asked, never dropped"}
BARE_LOW = {"refused": ["ambiguous_schedule"], "note": "a bare hour from 1 to 6: night or day? asked (the policy)"}
NO_TIME = {"refused": ["ambiguous_schedule"], "note": "no time of day: asked"}
NEXT_WEEKEND = {"refused": ["ambiguous_schedule"], "note": "next weekend: Saturday, Sunday or both? asked, never today"}
TWO_TASKS = "two tasks, each at its own time on the same day: a run at each, or the question"
DURATION = "a bounded repetition: every day from the next run until now plus that long (the policy), and no more"
MONTH_END = "every day until the end of this month, 31 March included, and no more"
WEEK_END = "every day until the end of this week (Sunday 8 March), and no more"
DAYS_MWF = "days written as a run of their characters (月水金, 월수금) are a weekly habit, as 'Mon, Wed and Fri' is"
NTH_2_4 = "the second and fourth Wednesday of every month (a garbage-collection calendar); without 毎月/매달 also the question"
HOLIDAYS = {"refused": ["ambiguous_schedule"], "note": "except holidays: duely knows no holidays, so asked, never dropped"}
YEAR_END = "every run until the end of this year, 31 December included, and no more"
HOLIDAY_DATE = "a holiday said for its date: that date, or the question; never today or tomorrow"
TASK_DURATION = "'1週間の振り返り' is the task (a weekly review), not a duration: weekly on Sunday, or the question; never an end"

R = [
    # --- Japanese ---------------------------------------------------------------------------------------
    ("ja", "毎朝8時に薬を飲むのをリマインドして", daily("08:00"), ["daily", "task", "sample"]),
    ("ja", "毎晩9時に薬飲むの忘れないように教えて", daily("21:00"), ["daily", "task", "sample"]),
    ("ja", "1日2回、朝8時と夜8時に薬を飲む", daily("08:00", "20:00"), ["twice-a-day", "multi-time", "sample"]),
    ("ja", "1日3回 8時 12時 18時に薬", daily("08:00", "12:00", "18:00"), ["twice-a-day", "multi-time"]),
    ("ja", "毎日8時 12時 18時に薬を飲む", daily("08:00", "12:00", "18:00"), ["multi-time"]),
    ("ja", "毎週火曜日の朝7時にゴミの日って教えて", fires("03-10 07:00", "03-17 07:00", "03-24 07:00"), ["weekly", "task", "sample"]),
    ("ja", "毎週月曜と木曜の朝7時半に燃えるゴミ", fires("03-09 07:30", "03-12 07:30", "03-16 07:30"), ["weekly", "sample"]),
    ("ja", "ゴミの日は毎週水曜、朝7時に教えて", fires("03-11 07:00", "03-18 07:00", "03-25 07:00"), ["weekly", "sample"]),
    ("ja", "毎月25日の10時に家賃を払う", fires("03-25 10:00", "04-25 10:00", "05-25 10:00"), ["monthly", "sample"]),
    ("ja", "毎月25日に家賃を払うのをリマインドして", NO_TIME, ["monthly", "no-time"]),
    ("ja", "毎年5月12日の朝9時に母の誕生日", fires("05-12 09:00", "2027-05-12 09:00", "2028-05-12 09:00"), ["yearly", "sample"]),
    ("ja", "明日10時から会議なのでリマインドお願い", once("03-06 10:00"), ["once", "keigo", "sample"]),
    ("ja", "明後日の朝9時に歯医者", once("03-07 09:00"), ["once", "relative", "sample"]),
    ("ja", "来週水曜の午後2時にミーティング", once("03-11 14:00"), ["once", "relative", "loanword", "sample"]),
    ("ja", "再来週の金曜日の午後6時に飲み会", once("03-20 18:00"), ["once", "relative", "sample"]),
    ("ja", "平日の17時半に子供のお迎えをリマインドして", fires("03-05 17:30", "03-06 17:30", "03-09 17:30"), ["workday", "sample"]),
    ("ja", "毎日夕方5時に水やり", daily("17:00"), ["daily", "day-part", "sample"]),
    ("ja", "月水金の18時にジム", fires("03-06 18:00", "03-09 18:00", "03-11 18:00", note=DAYS_MWF), ["weekly", "day-list"]),
    ("ja", "火木の朝7時にジョギング", fires("03-10 07:00", "03-12 07:00", "03-17 07:00", note=DAYS_MWF), ["weekly", "day-list"]),
    ("ja", "毎週月・水・金の夜7時にジムに行く", fires("03-06 19:00", "03-09 19:00", "03-11 19:00"), ["weekly", "sample"]),
    ("ja", "30分後に洗濯物を取り込む", once("03-05 10:30"), ["delay", "sample"]),
    ("ja", "今から30分後に起こして", once("03-05 10:30"), ["delay"]),
    ("ja", "今から1時間後にリマインドして", once("03-05 11:00"), ["delay"]),
    ("ja", "2時間半後に電話", once("03-05 12:30"), ["delay", "sample"]),
    ("ja", "一週間後の10時に返却", once("03-12 10:00"), ["relative", "kanji-number", "sample"]),
    ("ja", "毎朝 9am にリマインド", daily("09:00"), ["daily", "english", "sample"]),
    ("ja", "毎日九時十五分に薬", daily("09:15"), ["daily", "kanji-number", "sample"]),
    ("ja", "毎朝七時半に起こして", daily("07:30"), ["daily", "kanji-number", "sample"]),
    ("ja", "明日の正午に電話", once("03-06 12:00"), ["once", "noon", "sample"]),
    ("ja", "今夜9時に電話して", once("03-05 21:00"), ["once", "sample"]),
    ("ja", "夜中の2時に起こして", once("03-06 02:00"), ["once", "day-part", "sample"]),
    ("ja", "毎週日曜の夜8時に1週間の振り返り", fires("03-08 20:00", "03-15 20:00", "03-22 20:00", ask=True, note=TASK_DURATION), ["weekly", "task"]),
    ("ja", "来週末の10時に", NEXT_WEEKEND, ["weekend"]),
    ("ja", "来週末の朝10時に掃除", NEXT_WEEKEND, ["weekend"]),
    ("ja", "毎月第2火曜日の10時に会議", fires("03-10 10:00", "04-14 10:00", "05-12 10:00"), ["ordinal", "sample"]),
    ("ja", "毎月最後の金曜日の18時に", fires("03-27 18:00", "04-24 18:00", "05-29 18:00"), ["ordinal", "last-day"]),
    ("ja", "毎月第2・第4水曜の7時に資源ゴミ", fires("03-11 07:00", "03-25 07:00", "04-08 07:00", note=NTH_2_4), ["ordinal"]),
    ("ja", "第2・第4水曜日の朝7時に資源ゴミ", fires("03-11 07:00", "03-25 07:00", "04-08 07:00", ask=True, note=NTH_2_4), ["ordinal"]),
    ("ja", "3日間毎日9時に薬", daily("09:00", last="03-08 09:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "1週間毎日9時に薬", daily("09:00", last="03-12 09:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "10日間毎日8時に", daily("08:00", last="03-15 08:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "1ヶ月毎日9時に", daily("09:00", last="04-05 09:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "1か月間毎日9時に", daily("09:00", last="04-05 09:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "3日間 毎晩9時に", daily("21:00", last="03-07 21:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "これから3日間毎日9時", daily("09:00", last="03-08 09:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "向こう1週間毎朝8時", daily("08:00", last="03-12 08:00", note=DURATION), ["duration", "bounded"]),
    ("ja", "明日から1週間、毎朝8時に", daily("08:00", last="03-12 08:00", note=DURATION), ["duration", "bounded", "start"]),
    ("ja", "3日間、毎日朝9時に薬", daily("09:00", last="03-08 09:00", note=DURATION), ["duration", "bounded", "sample"]),
    ("ja", "今月いっぱい毎日9時に", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end"]),
    ("ja", "今月中毎日9時に", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end"]),
    ("ja", "今週いっぱい毎朝7時に", daily("07:00", last="03-08 07:00", note=WEEK_END), ["bounded", "end"]),
    ("ja", "月末まで毎日9時に", daily("09:00", last="03-31 09:00"), ["end", "sample"]),
    ("ja", "毎日9時に3回だけ", daily("09:00", last="03-08 09:00"), ["count", "sample"]),
    ("ja", "9時から17時まで1時間ごとに水を飲む", fires("03-05 11:00", "03-05 12:00", "03-05 13:00"), ["window", "sample"]),
    ("ja", "水曜以外の平日9時に", fires("03-06 09:00", "03-09 09:00", "03-10 09:00"), ["exclusion", "sample"]),
    ("ja", "雨なら明日の7時に起こして", COND, ["condition"]),
    ("ja", "雨の日は毎朝7時に起こして", COND, ["condition"]),
    ("ja", "雨の日だけ朝7時に教えて", COND, ["condition"]),
    ("ja", "明日の朝9時に会議、夕方5時に電話", fires("03-06 09:00", "03-06 17:00", last="03-06 17:00", ask=True, note=TWO_TASKS), ["two-tasks"]),
    ("ja", "隔週月曜の10時に", fires("03-09 10:00", "03-23 10:00", "04-06 10:00"), ["every-other", "sample"]),
    ("ja", "3日ごとに9時に水やり", fires("03-06 09:00", "03-09 09:00", "03-12 09:00"), ["interval", "sample"]),
    ("ja", "毎週月曜日朝9時にミーティングをリマインドしてください", fires("03-09 09:00", "03-16 09:00", "03-23 09:00"), ["weekly", "keigo", "sample"]),
    ("ja", "今度の金曜の18時に", once("03-06 18:00", ask=True, note="今度の金曜 is the coming Friday (tomorrow), or the question"), ["once", "relative"]),
    ("ja", "水〜日の朝6時に起こして", fires("03-06 06:00", "03-07 06:00", "03-08 06:00", ask=True, note="a range of days ending on Sunday written 日: every week, or the question; never once"), ["weekly", "range"]),
    ("ja", "明日の午前6時のフライト、4時に起こして", BARE_LOW, ["flight"]),
    ("ja", "3月10日の朝7時のフライト", once("03-10 07:00"), ["flight", "sample"]),
    ("ja", "今月末の18時に", once("03-31 18:00"), ["month-end", "sample"]),
    ("ja", "毎日お昼の12時半", daily("12:30"), ["daily", "sample"]),
    ("ja", "10時のミーティングを毎週水曜に", fires("03-11 10:00", "03-18 10:00", "03-25 10:00", ask=True, note="the time said before the task: weekly on Wednesday at 10, or the question"), ["weekly", "loanword"]),
    # --- Korean -----------------------------------------------------------------------------------------
    ("ko", "매일 아침 8시에 약 먹으라고 알려줘", daily("08:00"), ["daily", "task", "sample"]),
    ("ko", "매일 밤 9시에 약 먹는 거 리마인드 해줘", daily("21:00"), ["daily", "loanword", "sample"]),
    ("ko", "하루 두 번 아침 8시랑 저녁 8시에 약", daily("08:00", "20:00"), ["twice-a-day", "sample"]),
    ("ko", "하루 세 번 8시 12시 6시에 약", daily("08:00", "12:00", "18:00"), ["twice-a-day", "multi-time", "sample"]),
    ("ko", "매주 화요일 저녁 8시에 분리수거", fires("03-10 20:00", "03-17 20:00", "03-24 20:00"), ["weekly", "task", "sample"]),
    ("ko", "분리수거는 매주 수요일 밤 9시에 알려줘", fires("03-11 21:00", "03-18 21:00", "03-25 21:00"), ["weekly", "sample"]),
    ("ko", "매달 25일 오전 10시에 월세", fires("03-25 10:00", "04-25 10:00", "05-25 10:00"), ["monthly", "sample"]),
    ("ko", "매달 25일에 월세 내라고 알려줘", NO_TIME, ["monthly", "no-time"]),
    ("ko", "월말 오전 10시에 카드값", fires("03-31 10:00", "04-30 10:00", "05-31 10:00", ask=True, note="월말 said bare: the last day of every month (as 月末 is read), or the question; never tomorrow"), ["last-day"]),
    ("ko", "매년 5월 12일 오전 9시에 엄마 생일", fires("05-12 09:00", "2027-05-12 09:00", "2028-05-12 09:00"), ["yearly", "sample"]),
    ("ko", "내일 오전 10시 회의 있어 알려줘", once("03-06 10:00"), ["once", "sample"]),
    ("ko", "모레 아침 9시에 치과", once("03-07 09:00"), ["once", "relative", "sample"]),
    ("ko", "다음 주 수요일 오후 2시에 미팅", once("03-11 14:00"), ["once", "relative", "loanword", "sample"]),
    ("ko", "다다음 주 월요일 9시에 면담", once("03-16 09:00"), ["once", "relative", "sample"]),
    ("ko", "평일 오후 5시 반에 아이 픽업", fires("03-05 17:30", "03-06 17:30", "03-09 17:30"), ["workday", "sample"]),
    ("ko", "월수금 저녁 7시에 헬스", fires("03-06 19:00", "03-09 19:00", "03-11 19:00"), ["weekly", "day-list", "sample"]),
    ("ko", "30분 뒤에 빨래 꺼내기", once("03-05 10:30"), ["delay", "sample"]),
    ("ko", "지금부터 30분 후에 깨워줘", once("03-05 10:30"), ["delay"]),
    ("ko", "일주일 후 10시에 반납", once("03-12 10:00"), ["relative"]),
    ("ko", "일주일 뒤 오전 10시에 병원", once("03-12 10:00"), ["relative"]),
    ("ko", "2주일 뒤 오후 3시에 미용실", once("03-19 15:00"), ["relative"]),
    ("ko", "매일 아침 9am", daily("09:00"), ["daily", "english"]),
    ("ko", "매일 8am에 약 먹기", daily("08:00"), ["daily", "english"]),
    ("ko", "매주 Monday 9시", fires("03-09 09:00", "03-16 09:00", "03-23 09:00"), ["weekly", "english"]),
    ("ko", "내일 3pm 미팅", once("03-06 15:00"), ["once", "english"]),
    ("ko", "매주 금 19시", fires("03-06 19:00", "03-13 19:00", "03-20 19:00"), ["weekly"]),
    ("ko", "매일 아홉 시 십오 분에 약", daily("09:15"), ["daily", "native-number", "sample"]),
    ("ko", "내일 낮 12시에 전화", once("03-06 12:00"), ["once", "noon", "sample"]),
    ("ko", "오늘 밤 10시에 전화해줘", once("03-05 22:00"), ["once", "sample"]),
    ("ko", "주말마다 오전 10시에 청소", fires("03-07 10:00", "03-08 10:00", "03-14 10:00"), ["weekend", "sample"]),
    ("ko", "다음 주말 오전 10시에", NEXT_WEEKEND, ["weekend"]),
    ("ko", "매달 둘째 주 화요일 오전 10시에 회의", fires("03-10 10:00", "04-14 10:00", "05-12 10:00"), ["ordinal", "sample"]),
    ("ko", "매달 마지막 금요일 오후 6시", fires("03-27 18:00", "04-24 18:00", "05-29 18:00"), ["ordinal", "last-day", "sample"]),
    ("ko", "매달 둘째 넷째 수요일 7시", fires("03-11 07:00", "03-25 07:00", "04-08 07:00", note=NTH_2_4), ["ordinal"]),
    ("ko", "둘째, 넷째 수요일 아침 7시에 재활용", fires("03-11 07:00", "03-25 07:00", "04-08 07:00", ask=True, note=NTH_2_4), ["ordinal"]),
    ("ko", "일주일 동안 매일 9시", daily("09:00", last="03-12 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "일주일 동안 매일 아침 9시에 약", daily("09:00", last="03-12 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "일주일간 매일 9시", daily("09:00", last="03-12 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "앞으로 일주일 동안 매일 아침 8시", daily("08:00", last="03-12 08:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "이틀 동안 매일 9시", fires("03-06 09:00", "03-07 09:00", last="03-07 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "사흘 동안 매일 9시", daily("09:00", last="03-08 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "열흘 동안 매일 9시", daily("09:00", last="03-15 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "보름 동안 매일 9시", daily("09:00", last="03-20 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "일 년 동안 매일 9시", daily("09:00", last="2027-03-05 09:00", note=DURATION), ["duration", "bounded"]),
    ("ko", "3일간 매일 아침 9시에 약", daily("09:00", last="03-08 09:00", note=DURATION), ["duration", "bounded", "sample"]),
    ("ko", "한 달 동안 매일 9시", daily("09:00", last="04-05 09:00", note=DURATION), ["duration", "bounded", "sample"]),
    ("ko", "앞으로 3일간 매일 9시", daily("09:00", last="03-08 09:00", note=DURATION), ["duration", "bounded", "sample"]),
    ("ko", "내일부터 일주일 동안 매일 아침 8시", daily("08:00", last="03-12 08:00", note=DURATION), ["duration", "bounded", "start"]),
    ("ko", "이번 달 내내 매일 9시", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end"]),
    ("ko", "이번 달 말까지 매일 9시", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end"]),
    ("ko", "월말까지 매일 9시", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end"]),
    ("ko", "이번 주 내내 매일 아침 7시", daily("07:00", last="03-08 07:00", note=WEEK_END), ["bounded", "end"]),
    ("ko", "매일 9시에 세 번만", daily("09:00", last="03-08 09:00"), ["count", "sample"]),
    ("ko", "오전 9시부터 오후 6시까지 2시간마다 휴식", fires("03-05 11:00", "03-05 13:00", "03-05 15:00"), ["window", "sample"]),
    ("ko", "수요일 빼고 평일 9시에", fires("03-06 09:00", "03-09 09:00", "03-10 09:00"), ["exclusion", "sample"]),
    ("ko", "비 오면 내일 7시에 깨워줘", COND, ["condition"]),
    ("ko", "비 오는 날은 매일 아침 7시에 깨워줘", COND, ["condition"]),
    ("ko", "비 오는 날만 아침 7시에 알려줘", COND, ["condition"]),
    ("ko", "내일 아침 9시에 회의, 저녁 5시에 전화", fires("03-06 09:00", "03-06 17:00", last="03-06 17:00", ask=True, note=TWO_TASKS), ["two-tasks"]),
    ("ko", "격주 월요일 10시에", fires("03-09 10:00", "03-23 10:00", "04-06 10:00"), ["every-other", "sample"]),
    ("ko", "매주 월요일 아침 9시에 미팅 리마인드 해주세요", fires("03-09 09:00", "03-16 09:00", "03-23 09:00"), ["weekly", "keigo", "sample"]),
    ("ko", "매일 아침 8시에 리마인드 부탁해", daily("08:00"), ["daily", "casual", "sample"]),
    ("ko", "낼 저녁 7시에 전화", once("03-06 19:00"), ["once", "casual"]),
    ("ko", "낼 아침 9시에 깨워줘", once("03-06 09:00"), ["once", "casual"]),
    ("ko", "이번 달 말 오후 6시에", once("03-31 18:00"), ["month-end"]),
    ("ko", "매 시간마다 물 마시기", fires("03-05 11:00", "03-05 12:00", "03-05 13:00"), ["interval"]),
    ("ko", "내일 오전 6시 비행기, 4시에 깨워줘", BARE_LOW, ["flight"]),
    ("ko", "3월 10일 아침 7시 비행기", once("03-10 07:00"), ["flight", "sample"]),
    ("ko", "수요일부터 일요일까지 매일 아침 6시", fires("03-06 06:00", "03-07 06:00", "03-08 06:00"), ["weekly", "range", "sample"]),
    ("ko", "오후 세 시 반에 미팅", once("03-05 15:30"), ["once", "native-number", "sample"]),
    ("ko", "1시간 30분 뒤에 알려줘", once("03-05 11:30"), ["delay", "sample"]),
    ("ko", "매주 일요일 저녁 8시에 한 주 돌아보기", fires("03-08 20:00", "03-15 20:00", "03-22 20:00", ask=True, note="'한 주 돌아보기' is the task (a weekly review): weekly on Sunday, or the question; never an end"), ["weekly", "task"]),
    # --- a second sweep, after the first fixes (baselined before the second round) -----------------------
    ("ja", "平日の朝7時、祝日は除く", HOLIDAYS, ["exclusion", "holiday"]),
    ("ja", "今年いっぱい毎週月曜9時", fires("03-09 09:00", "03-16 09:00", "03-23 09:00", last="12-28 09:00", note=YEAR_END), ["bounded", "end"]),
    ("ja", "今年中毎日21時に日記", daily("21:00", last="12-31 21:00", note=YEAR_END), ["bounded", "end"]),
    ("ja", "平日の朝9時から夕方6時まで1時間おきに休憩", fires("03-05 11:00", "03-05 12:00", "03-05 13:00"), ["window", "day-part"]),
    ("ja", "毎日9時から夕方5時まで2時間ごとに", fires("03-05 11:00", "03-05 13:00", "03-05 15:00"), ["window", "day-part"]),
    ("ja", "十五分後に電話", once("03-05 10:15"), ["delay", "kanji-number", "sample"]),
    ("ja", "毎朝八時半に薬を飲む", daily("08:30"), ["daily", "kanji-number", "sample"]),
    ("ja", "毎月15日と末日の10時に", fires("03-15 10:00", "03-31 10:00", "04-15 10:00"), ["monthly", "last-day", "sample"]),
    ("ja", "土日以外毎朝6時半に起こして", fires("03-06 06:30", "03-09 06:30", "03-10 06:30"), ["exclusion", "sample"]),
    ("ja", "1日おきに朝9時に水やり", fires("03-06 09:00", "03-08 09:00", "03-10 09:00"), ["interval", "sample"]),
    ("ko", "평일 아침 7시 공휴일은 빼고", HOLIDAYS, ["exclusion", "holiday"]),
    ("ko", "평일 아침 7시, 공휴일 제외", HOLIDAYS, ["exclusion", "holiday"]),
    ("ko", "올해 내내 매주 월요일 9시", fires("03-09 09:00", "03-16 09:00", "03-23 09:00", last="12-28 09:00", note=YEAR_END), ["bounded", "end"]),
    ("ko", "이달 말 오후 6시", once("03-31 18:00"), ["month-end"]),
    ("ko", "이달 내내 매일 9시", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end"]),
    ("ko", "이틀마다 아침 9시", fires("03-06 09:00", "03-08 09:00", "03-10 09:00"), ["interval"]),
    ("ko", "십오 분 후에 전화", once("03-05 10:15"), ["delay", "native-number"]),
    ("ko", "삼십 분 뒤에 알려주세요", once("03-05 10:30"), ["delay", "native-number"]),
    ("ko", "매일 아침 8시에 일주일 동안", daily("08:00", last="03-12 08:00", note=DURATION), ["duration", "bounded", "sample"]),
    ("ko", "사흘 뒤 아침 9시", once("03-08 09:00"), ["relative"]),
    # --- a third sweep, after the second round (baselined before the third round) -------------------------
    ("ja", "元旦の9時", fires("2027-01-01 09:00", ask=True, note=HOLIDAY_DATE), ["holiday"]),
    ("ja", "クリスマスの夜8時にプレゼント", fires("12-25 20:00", ask=True, note=HOLIDAY_DATE), ["holiday"]),
    ("ja", "大晦日の夜11時", fires("12-31 23:00", ask=True, note=HOLIDAY_DATE), ["holiday"]),
    ("ja", "毎日9時を今月いっぱい", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end", "sample"]),
    ("ja", "一週間毎日九時", daily("09:00", last="03-12 09:00", note=DURATION), ["duration", "bounded", "kanji-number", "sample"]),
    ("ko", "월~금 아침 7시에 깨워줘", fires("03-06 07:00", "03-09 07:00", "03-10 07:00"), ["workday", "range"]),
    ("ko", "월-금 7시 알람", fires("03-06 07:00", "03-09 07:00", "03-10 07:00"), ["workday", "range"]),
    ("ko", "크리스마스 저녁 8시", fires("12-25 20:00", ask=True, note=HOLIDAY_DATE), ["holiday"]),
    ("ko", "설날 아침 9시", {"refused": ["ambiguous_schedule"], "note": "설날 is a date on the lunar calendar: asked"}, ["holiday"]),
    ("ko", "삼 일 동안 매일 9시", daily("09:00", last="03-08 09:00", ask=True, note=DURATION), ["duration", "bounded", "native-number"]),
    ("ko", "매일 15:30 회의", daily("15:30"), ["daily"]),
    ("ko", "매일 9시 이번 달 내내", daily("09:00", last="03-31 09:00", note=MONTH_END), ["bounded", "end", "sample"]),
]

print_new_rows(R, "twn", "tuning20")
