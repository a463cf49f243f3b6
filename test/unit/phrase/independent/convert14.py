"""Builds the fourteenth tuning set, tuning14.jsonl, from the rows below: the three shapes the
twelfth set left refused (docs/phrases.md, issue #31), in every language where they are said.
It is a tuning set only (no held-out part).

- a repetition that waits for its start ("從下週一開始，每個平日早上八點", "ab nächster Woche jeden
  Werktag um 8"): the first run on the first matching day at or after the start;
- several named days at one time ("tomorrow and the day after at 9am", "明天和後天早上九點"): one
  run on each day, and no more;
- a count beside a time ("每天提醒我吃藥 早上八點 總共五次", "todos los días a las 8, cinco veces"):
  a daily schedule that stops after that many runs.

The runs were decided by hand as local wall times ("03-09 08:00", year 2026) and are converted to
UTC here with Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local;
"next week" and "Monday" are Monday 9 March; New York changes to summer time on 8 March, so its
rows after that date are EDT.

    python3 convert14.py > tuning14.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from wall_times import print_new_rows

WD_8 = ["03-09 08:00", "03-10 08:00", "03-11 08:00"]
WD_730 = ["03-09 07:30", "03-10 07:30", "03-11 07:30"]
MWF_16_18 = ["03-16 18:00", "03-18 18:00", "03-20 18:00"]
TWO_9 = {"fires": ["03-06 09:00", "03-07 09:00"], "last": "03-07 09:00"}
TODAY_TOMORROW_18 = {"fires": ["03-05 18:00", "03-06 18:00"], "last": "03-06 18:00"}
FIVE_8 = {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-10 08:00"}
TEN_21 = {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-14 21:00"}
START = "the first run is on the first matching day at or after the start; none before it"
DAYS = "one run on each day named, at that time, and no more"
COUNT = "the count is how many runs in all, not the hour and not times a day"
RANGE = "a range of dates with a time: every day between, or the question (the policy asks a range of days); never one end only"
FRI = "tomorrow is Friday (now is Thursday 5 March): the same day named twice, asked, never tomorrow only"
NO_DAY = "'the day after' with nothing before it names no day: asked, not the next 09:00"
RANGE_9 = {"fires": ["03-10 09:00", "03-11 09:00", "03-12 09:00"], "last": "03-12 09:00", "ask": True, "note": RANGE}
SKIP = "每隔兩週 is a skip count: every 2 or every 3 weeks, asked (the documented policy)"

R = [
    # English
    ("en", "starting next week, every weekday at 8:30am", {"fires": ["03-09 08:30", "03-10 08:30", "03-11 08:30"], "note": START}, ["start", "workday"]),
    ("en", "every weekday at 7am starting next Monday", {"fires": ["03-09 07:00", "03-10 07:00", "03-11 07:00"], "note": START}, ["start", "workday"]),
    ("en", "from March 16, every Monday, Wednesday and Friday at 6pm", {"fires": MWF_16_18, "note": START}, ["start", "day-list"]),
    ("en", "from next Monday, Mondays and Thursdays at 7:30am", {"fires": ["03-09 07:30", "03-12 07:30", "03-16 07:30"], "note": START}, ["start", "day-list"]),
    ("en", "weekdays at 9am beginning March 16", {"fires": ["03-16 09:00", "03-17 09:00", "03-18 09:00"], "note": START}, ["start", "workday"]),
    ("en", "tomorrow and the day after at 9am", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("en", "today and tomorrow at 6pm", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("en", "remind me on March 10 and March 12 at 2pm", {"fires": ["03-10 14:00", "03-12 14:00"], "last": "03-12 14:00", "note": DAYS}, ["named-days"]),
    ("en", "today, tomorrow and the day after at 8pm", {"fires": ["03-05 20:00", "03-06 20:00", "03-07 20:00"], "last": "03-07 20:00", "note": DAYS}, ["named-days"]),
    ("en", "every day at 8am, 5 times in total", {**FIVE_8, "note": COUNT}, ["count"]),
    ("en", "remind me to take my pills at 9pm every night, 10 times", {**TEN_21, "note": COUNT}, ["count", "embedded"]),
    # Traditional Chinese
    ("zh-Hant", "從下週一開始，每個平日早上八點", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("zh-Hant", "下禮拜開始，週一到週五早上七點半叫我", {"fires": WD_730, "note": START}, ["start", "workday"]),
    ("zh-Hant", "從3月16號起，每週一三五晚上六點", {"fires": MWF_16_18, "note": START}, ["start", "day-list"]),
    ("zh-Hant", "明天和後天早上九點", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("zh-Hant", "今天跟明天晚上六點提醒我", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("zh-Hant", "每天提醒我吃藥 早上八點 總共五次", {**FIVE_8, "note": COUNT}, ["count"]),
    ("zh-Hant", "每天晚上九點提醒我量血壓，共十次", {**TEN_21, "note": COUNT}, ["count"]),
    ("zh-Hant", "每隔兩週的週五", {"refused": ["ambiguous_schedule"], "note": SKIP}, ["skip-count"]),
    # Simplified Chinese
    ("zh-Hans", "从下周一开始，每个工作日早上八点", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("zh-Hans", "从3月16日起，每周一三五晚上六点", {"fires": MWF_16_18, "note": START}, ["start", "day-list"]),
    ("zh-Hans", "明天和后天早上九点", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("zh-Hans", "今天和明天晚上六点", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("zh-Hans", "每天早上八点提醒我吃药，一共五次", {**FIVE_8, "note": COUNT}, ["count"]),
    # Japanese
    ("ja", "来週から平日の朝8時", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("ja", "3月16日から毎週月・水・金の18時", {"fires": MWF_16_18, "note": START}, ["start", "day-list"]),
    ("ja", "明日と明後日の9時", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("ja", "今日と明日の18時に", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("ja", "毎朝8時に薬のリマインド、全部で5回", {**FIVE_8, "note": COUNT}, ["count"]),
    ("ja", "毎日21時、10回だけ", {**TEN_21, "note": COUNT}, ["count"]),
    # Korean
    ("ko", "다음 주부터 평일 아침 8시", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("ko", "3월 16일부터 매주 월수금 오후 6시", {"fires": MWF_16_18, "note": START}, ["start", "day-list"]),
    ("ko", "내일이랑 모레 오전 9시", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("ko", "오늘과 내일 오후 6시", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("ko", "매일 오전 8시, 총 5번", {**FIVE_8, "note": COUNT}, ["count"]),
    # Spanish
    ("es", "a partir del lunes, de lunes a viernes a las 8", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("es", "desde la próxima semana, entre semana a las 7:30", {"fires": WD_730, "note": START}, ["start", "workday"]),
    ("es", "a partir del 16 de marzo, lunes, miércoles y viernes a las 18", {"fires": MWF_16_18, "note": START}, ["start", "day-list"]),
    ("es", "mañana y pasado mañana a las 9", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("es", "hoy y mañana a las 6 de la tarde", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("es", "todos los días a las 8, cinco veces", {**FIVE_8, "note": COUNT}, ["count"]),
    ("es", "recuérdame la pastilla todas las noches a las 9, diez veces en total", {**TEN_21, "note": COUNT}, ["count", "embedded"]),
    # German
    ("de", "ab nächster Woche jeden Werktag um 8", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("de", "ab Montag von Montag bis Freitag um 7:30 Uhr", {"fires": WD_730, "note": START}, ["start", "workday"]),
    ("de", "ab 16. März montags, mittwochs und freitags um 18 Uhr", {"fires": MWF_16_18, "note": START}, ["start", "day-list"]),
    ("de", "morgen und übermorgen um 9 Uhr", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("de", "heute und morgen um 18 Uhr", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("de", "jeden Tag um 8 Uhr, insgesamt fünfmal", {**FIVE_8, "note": COUNT}, ["count"]),
    # French
    ("fr", "à partir de la semaine prochaine, du lundi au vendredi à 8h", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("fr", "à partir du 16 mars, les jours ouvrés à 7h30", {"fires": ["03-16 07:30", "03-17 07:30", "03-18 07:30"], "note": START}, ["start", "workday"]),
    ("fr", "demain et après-demain à 9h", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("fr", "aujourd'hui et demain à 18h", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("fr", "tous les jours à 8h, 5 fois au total", {**FIVE_8, "note": COUNT}, ["count"]),
    # Portuguese
    ("pt", "a partir da semana que vem, de segunda a sexta às 8h", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("pt", "a partir de segunda, dias úteis às 7h", {"fires": ["03-09 07:00", "03-10 07:00", "03-11 07:00"], "note": START}, ["start", "workday"]),
    ("pt", "amanhã e depois de amanhã às 9h", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("pt", "hoje e amanhã às 18h", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("pt", "todo dia às 8h, 5 vezes no total", {**FIVE_8, "note": COUNT}, ["count"]),
    # Italian
    ("it", "dalla settimana prossima, dal lunedì al venerdì alle 8", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("it", "da lunedì, nei giorni lavorativi alle 7:30", {"fires": WD_730, "note": START}, ["start", "workday"]),
    ("it", "domani e dopodomani alle 9", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("it", "oggi e domani alle 18", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("it", "ogni giorno alle 8, per 5 volte in tutto", {**FIVE_8, "note": COUNT}, ["count"]),
    # Hinglish
    ("hi-Latn", "agle hafte se somvar se shukravar tak subah 8 baje", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("hi-Latn", "kal aur parson subah 9 baje", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("hi-Latn", "aaj aur kal shaam 6 baje", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("hi-Latn", "roz subah 8 baje, kul 5 baar", {**FIVE_8, "note": COUNT}, ["count"]),
    # Hindi in Devanagari
    ("hi-Deva", "अगले हफ्ते से सोमवार से शुक्रवार सुबह 8 बजे", {"fires": WD_8, "note": START}, ["start", "workday"]),
    ("hi-Deva", "कल और परसों सुबह 9 बजे", {**TWO_9, "note": DAYS}, ["named-days"]),
    ("hi-Deva", "आज और कल शाम 6 बजे", {**TODAY_TOMORROW_18, "note": DAYS}, ["named-days"]),
    ("hi-Deva", "रोज़ सुबह 8 बजे, कुल 5 बार", {**FIVE_8, "note": COUNT}, ["count"]),
    # Silent readings found on main after the set was read (issue #31), added before any parser change
    ("en", "tomorrow and Friday at 9am", {"refused": ["ambiguous_schedule"], "note": FRI}, ["named-days", "found"]),
    ("en", "remind me tomorrow and friday at 9am", {"refused": ["ambiguous_schedule"], "note": FRI}, ["named-days", "found", "embedded"]),
    ("en", "the day after at 9am", {"refused": ["ambiguous_schedule"], "note": NO_DAY}, ["named-days", "found"]),
    ("en", "from March 10 to 12 at 9am", RANGE_9, ["date-range", "found"]),
    ("es", "del 10 al 12 de marzo a las 9", RANGE_9, ["date-range", "found"]),
    ("fr", "du 10 au 12 mars à 9h", RANGE_9, ["date-range", "found"]),
    ("pt", "de 10 a 12 de março às 9h", RANGE_9, ["date-range", "found"]),
    ("it", "dal 10 al 12 marzo alle 9", RANGE_9, ["date-range", "found"]),
    ("de", "vom 10. bis 12. März um 9", RANGE_9, ["date-range", "found"]),
    ("zh-Hant", "3月10日到12日早上9點", RANGE_9, ["date-range", "found"]),
    # The same range in the shapes still asked after dateRange (phrases13), added before the rule
    ("en", "March 10 to 12 at 9am", RANGE_9, ["date-range"]),
    ("en", "from the 10th to the 12th of March at 9", RANGE_9, ["date-range"]),
    ("zh-Hant", "三月十號到十二號早上九點", RANGE_9, ["date-range"]),
    ("zh-Hans", "3月10日至12日上午9点", RANGE_9, ["date-range"]),
    ("ja", "3月10日から12日まで毎朝9時", RANGE_9, ["date-range"]),
    ("ko", "3월 10일부터 12일까지 오전 9시", RANGE_9, ["date-range"]),
]


print_new_rows(R, "ftn", "tuning14")
