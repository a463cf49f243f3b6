"""Builds the sixth tuning set, tuning6.jsonl, from the rows below. It is a tuning set only (no
held-out part): rows by feature and language, written the way people type (half past, quarter
to/past, noonish, ordinals, month-relative, starts, ends, counts, twice a day, bare day lists),
with the runs decided by hand as local wall times ("03-06 08:00", year 2026) and converted to UTC
here with Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local.

    python3 convert6.py > tuning6.jsonl
"""
from wall_times import print_rows


# Shared expectations, each decided once (the same wall times in every zone).
HALF_TOMORROW = ["03-06 08:30"]
TWICE = ["03-05 20:00", "03-06 08:00", "03-06 20:00"]
TUE_THU_19 = ["03-05 19:00", "03-10 19:00", "03-12 19:00"]
UNTIL_10 = {"fires": ["03-06 07:00", "03-07 07:00", "03-08 07:00"], "last": "03-10 07:00"}
IN_90 = ["03-05 11:30"]
MONDAYS_3 = {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "03-23 09:00"}
FROM_MONDAY_8 = ["03-09 08:00", "03-10 08:00", "03-11 08:00"]
FIRST_NEXT_MONTH_10 = ["04-01 10:00"]
NOON_SATURDAY = ["03-07 12:00"]

R = [
    # English
    ("en", "remind me at half past 7 tmrw morning", {"fires": ["03-06 07:30"]}, ["once", "half-past", "typo"]),
    ("en", "quarter to 6 this evening call dad", {"fires": ["03-05 17:45"]}, ["once", "quarter"]),
    ("en", "every weekday at quarter past 9", {"fires": ["03-06 09:15", "03-09 09:15", "03-10 09:15"]}, ["workday", "quarter", "dst"]),
    ("en", "noonish on saturday", {"fires": NOON_SATURDAY, "ask": True}, ["once", "noonish"]),
    ("en", "mon and thu at 6pm yoga", {"fires": ["03-05 18:00", "03-09 18:00", "03-12 18:00"]}, ["weekly", "day-list"]),
    ("en", "on the 2nd and 16th of each month at 8am", {"fires": ["03-16 08:00", "04-02 08:00", "04-16 08:00"]}, ["ordinal"]),
    ("en", "twice a day at 8am and 8pm", {"fires": TWICE}, ["twice-a-day"]),
    ("en", "every sunday at 7pm starting march 15", {"fires": ["03-15 19:00", "03-22 19:00", "03-29 19:00"]}, ["start"]),
    ("en", "every day at 7am until march 10", UNTIL_10, ["end", "dst"]),
    ("en", "every friday at 4pm, 4 times", {"fires": ["03-06 16:00", "03-13 16:00", "03-20 16:00"], "last": "03-27 16:00"}, ["count"]),
    ("en", "first monday of next month at 10am", {"fires": ["04-06 10:00"]}, ["month-relative", "ordinal"]),
    ("en", "at 8:30 tomorrow pls", {"fires": ["03-06 08:30"]}, ["once", "filler"]),
    ("en", "evry tuesday 3pm", {"fires": ["03-10 15:00", "03-17 15:00", "03-24 15:00"]}, ["weekly", "typo"]),
    ("en", "the last friday of every month at 5pm", {"fires": ["03-27 17:00", "04-24 17:00", "05-29 17:00"]}, ["last-day"]),
    ("en", "in an hour and a half", {"fires": IN_90}, ["relative"]),
    ("en", "tues and thurs 5:30pm", {"fires": ["03-05 17:30", "03-10 17:30", "03-12 17:30"]}, ["weekly", "day-list"]),
    ("en", "monday or tuesday at 9", {"refused": ["ambiguous_schedule"]}, ["refusal"]),
    # Spanish
    ("es", "mañana a las ocho y media", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("es", "el viernes a las 7 menos cuarto de la tarde", {"fires": ["03-06 18:45"]}, ["once", "quarter"]),
    ("es", "todos los lunes y miercoles a las 7 y cuarto", {"fires": ["03-09 07:15", "03-11 07:15", "03-16 07:15"]}, ["weekly", "quarter", "typo"]),
    ("es", "lunes y jueves a las 18h", {"fires": ["03-05 18:00", "03-09 18:00", "03-12 18:00"]}, ["weekly", "day-list"]),
    ("es", "el primer lunes del mes que viene a las 10", {"fires": ["04-06 10:00"]}, ["month-relative", "ordinal"]),
    ("es", "cada dia a las 7 hasta el 10 de marzo", UNTIL_10, ["end", "typo"]),
    ("es", "dos veces al día a las 8 y a las 20", {"fires": TWICE}, ["twice-a-day"]),
    ("es", "recuérdame en una hora y media", {"fires": IN_90}, ["relative"]),
    ("es", "el 15 de cada mes a las 10", {"fires": ["03-15 10:00", "04-15 10:00", "05-15 10:00"]}, ["ordinal"]),
    ("es", "pasado mañana a mediodía", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("es", "todos los lunes a las 9, 3 veces", MONDAYS_3, ["count"]),
    ("es", "a partir del lunes, todos los días a las 8", {"fires": FROM_MONDAY_8}, ["start"]),
    ("es", "martes y jueves a las 19", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    # French
    ("fr", "demain à huit heures et demie", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("fr", "vendredi à 9h moins le quart", {"fires": ["03-06 08:45"]}, ["once", "quarter"]),
    ("fr", "mardi et jeudi à 19h", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    ("fr", "tous les jours à 7h jusqu'au 10 mars", UNTIL_10, ["end"]),
    ("fr", "le premier lundi du mois prochain à 10h", {"fires": ["04-06 10:00"]}, ["month-relative", "ordinal"]),
    ("fr", "deux fois par jour, à 8h et à 20h", {"fires": TWICE}, ["twice-a-day"]),
    ("fr", "dans une heure et demie", {"fires": IN_90}, ["relative"]),
    ("fr", "tous les lundis à 9h, 3 fois", MONDAYS_3, ["count"]),
    ("fr", "a partir de lundi tous les jours a 8h", {"fires": FROM_MONDAY_8}, ["start", "typo"]),
    ("fr", "chaque mois le 15 à 9h", {"fires": ["03-15 09:00", "04-15 09:00", "05-15 09:00"]}, ["ordinal"]),
    ("fr", "après-demain à midi", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("fr", "le 1er du mois prochain à 10h", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    # Portuguese
    ("pt", "amanhã às oito e meia", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("pt", "sexta às quinze para as nove", {"fires": ["03-06 08:45"]}, ["once", "quarter"]),
    ("pt", "terça e quinta às 19h", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    ("pt", "todo dia às 7h até 10 de março", UNTIL_10, ["end"]),
    ("pt", "duas vezes por dia às 8h e às 20h", {"fires": TWICE}, ["twice-a-day"]),
    ("pt", "daqui a uma hora e meia", {"fires": IN_90}, ["relative"]),
    ("pt", "toda segunda às 9h, 3 vezes", MONDAYS_3, ["count"]),
    ("pt", "a partir de segunda, todo dia às 8h", {"fires": FROM_MONDAY_8}, ["start"]),
    ("pt", "no dia 1 do mês que vem às 10h", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("pt", "depois de amanha ao meio-dia", {"fires": NOON_SATURDAY}, ["once", "noon", "typo"]),
    ("pt", "todo dia 5 às 9h", {"fires": ["04-05 09:00", "05-05 09:00", "06-05 09:00"]}, ["ordinal"]),
    # Italian
    ("it", "domani alle otto e mezza", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("it", "venerdì alle nove meno un quarto", {"fires": ["03-06 08:45"]}, ["once", "quarter"]),
    ("it", "martedì e giovedì alle 19", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    ("it", "ogni giorno alle 7 fino al 10 marzo", UNTIL_10, ["end"]),
    ("it", "due volte al giorno alle 8 e alle 20", {"fires": TWICE}, ["twice-a-day"]),
    ("it", "tra un'ora e mezza", {"fires": IN_90}, ["relative"]),
    ("it", "ogni lunedì alle 9 per 3 volte", MONDAYS_3, ["count"]),
    ("it", "a partire da lunedì ogni giorno alle 8", {"fires": FROM_MONDAY_8}, ["start"]),
    ("it", "il primo del mese prossimo alle 10", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("it", "dopodomani a mezzogiorno", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    # German
    ("de", "morgen um halb neun", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("de", "freitag um viertel nach neun", {"fires": ["03-06 09:15"]}, ["once", "quarter"]),
    ("de", "freitag um viertel vor neun", {"fires": ["03-06 08:45"]}, ["once", "quarter"]),
    ("de", "dienstag und donnerstag um 19 uhr", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    ("de", "jeden tag um 7 bis zum 10. märz", UNTIL_10, ["end"]),
    ("de", "zweimal am tag um 8 und um 20 uhr", {"fires": TWICE}, ["twice-a-day"]),
    ("de", "in anderthalb stunden", {"fires": IN_90}, ["relative"]),
    ("de", "jeden montag um 9, dreimal", MONDAYS_3, ["count"]),
    ("de", "ab montag jeden tag um 8", {"fires": FROM_MONDAY_8}, ["start"]),
    ("de", "übermorgen mittags", {"fires": NOON_SATURDAY, "ask": True}, ["once", "noonish"]),
    ("de", "am ersten nächsten monats um 10", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    # Traditional Chinese
    ("zh-Hant", "明天早上八點半", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("zh-Hant", "禮拜五下午三點一刻", {"fires": ["03-06 15:15"]}, ["once", "quarter"]),
    ("zh-Hant", "每週二跟週四晚上7點", {"fires": TUE_THU_19}, ["weekly"]),
    ("zh-Hant", "每天早上7點，到3月10號為止", UNTIL_10, ["end"]),
    ("zh-Hant", "一天兩次，早上8點跟晚上8點", {"fires": TWICE}, ["twice-a-day"]),
    ("zh-Hant", "一個半小時後提醒我", {"fires": IN_90}, ["relative"]),
    ("zh-Hant", "每週一早上9點，提醒3次", MONDAYS_3, ["count"]),
    ("zh-Hant", "從下週一開始每天早上8點", {"fires": FROM_MONDAY_8}, ["start"]),
    ("zh-Hant", "下個月1號早上10點", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("zh-Hant", "後天中午", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("zh-Hant", "每個月15號早上9點", {"fires": ["03-15 09:00", "04-15 09:00", "05-15 09:00"]}, ["ordinal"]),
    # Simplified Chinese
    ("zh-Hans", "明天早上八点半", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("zh-Hans", "周五下午差一刻三点", {"fires": ["03-06 14:45"]}, ["once", "quarter"]),
    ("zh-Hans", "每周二和周四晚上7点", {"fires": TUE_THU_19}, ["weekly"]),
    ("zh-Hans", "每天早上7点，到3月10号为止", UNTIL_10, ["end"]),
    ("zh-Hans", "一天两次 早上8点和晚上8点", {"fires": TWICE}, ["twice-a-day"]),
    ("zh-Hans", "一个半小时后提醒我", {"fires": IN_90}, ["relative"]),
    ("zh-Hans", "下个月1号上午10点", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("zh-Hans", "后天中午12点", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("zh-Hans", "从下周一开始每天早上8点", {"fires": FROM_MONDAY_8}, ["start"]),
    # Japanese
    ("ja", "明日の朝8時半", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("ja", "金曜の15時15分", {"fires": ["03-06 15:15"]}, ["once", "quarter"]),
    ("ja", "毎週火曜と木曜の19時", {"fires": TUE_THU_19}, ["weekly"]),
    ("ja", "毎朝7時、3月10日まで", UNTIL_10, ["end"]),
    ("ja", "1日2回、朝8時と夜8時", {"fires": TWICE}, ["twice-a-day"]),
    ("ja", "1時間半後にリマインドして", {"fires": IN_90}, ["relative"]),
    ("ja", "来月1日の10時", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("ja", "あさっての昼12時", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("ja", "来週の月曜から毎日8時", {"fires": FROM_MONDAY_8}, ["start"]),
    # Korean
    ("ko", "내일 아침 8시 반", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("ko", "금요일 오후 3시 15분", {"fires": ["03-06 15:15"]}, ["once", "quarter"]),
    ("ko", "화요일이랑 목요일 저녁 7시", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    ("ko", "매일 아침 7시 3월 10일까지", UNTIL_10, ["end"]),
    ("ko", "하루 두 번 아침 8시랑 저녁 8시", {"fires": TWICE}, ["twice-a-day"]),
    ("ko", "한 시간 반 뒤에 알려줘", {"fires": IN_90}, ["relative"]),
    ("ko", "다음 달 1일 오전 10시", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("ko", "모레 정오", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("ko", "다음 주 월요일부터 매일 오전 8시", {"fires": FROM_MONDAY_8}, ["start"]),
    # Hindi, Latin script
    ("hi-Latn", "kal subah saadhe 8 baje", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("hi-Latn", "shukravar ko sawa 9 baje", {"fires": ["03-06 09:15"]}, ["once", "quarter"]),
    ("hi-Latn", "mangalvar aur guruvar shaam 7 baje", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    ("hi-Latn", "roz subah 7 baje 10 march tak", UNTIL_10, ["end"]),
    ("hi-Latn", "din mein do baar, subah 8 baje aur raat 8 baje", {"fires": TWICE}, ["twice-a-day"]),
    ("hi-Latn", "dedh ghante baad yaad dilana", {"fires": IN_90}, ["relative"]),
    ("hi-Latn", "agle mahine ki 1 tarikh ko subah 10 baje", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("hi-Latn", "parson dopahar 12 baje", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("hi-Latn", "har somvar subah 9 baje, 3 baar", MONDAYS_3, ["count"]),
    # Hindi, Devanagari
    ("hi-Deva", "कल सुबह साढ़े 8 बजे", {"fires": HALF_TOMORROW}, ["once", "half-past"]),
    ("hi-Deva", "शुक्रवार को सवा 9 बजे", {"fires": ["03-06 09:15"]}, ["once", "quarter"]),
    ("hi-Deva", "मंगलवार और गुरुवार शाम 7 बजे", {"fires": TUE_THU_19}, ["weekly", "day-list"]),
    ("hi-Deva", "रोज़ सुबह 7 बजे 10 मार्च तक", UNTIL_10, ["end"]),
    ("hi-Deva", "डेढ़ घंटे बाद याद दिलाना", {"fires": IN_90}, ["relative"]),
    ("hi-Deva", "अगले महीने की 1 तारीख को सुबह 10 बजे", {"fires": FIRST_NEXT_MONTH_10}, ["month-relative"]),
    ("hi-Deva", "परसों दोपहर 12 बजे", {"fires": NOON_SATURDAY}, ["once", "noon"]),
    ("hi-Deva", "हर सोमवार सुबह 9 बजे, 3 बार", MONDAYS_3, ["count"]),
]


print_rows(R, "six", "tuning6")
