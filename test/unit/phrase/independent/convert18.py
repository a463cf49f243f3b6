"""Builds the eighteenth tuning set, tuning18.jsonl: the weekend, said in every language
(docs/phrases.md, issue #31). A probe of the twelve grammars found the weekend read five ways:
every weekend ("주말 오전 10시"), one Saturday ("on the weekend at 10am", "il fine settimana alle
10"), today with the weekend dropped ("el finde a las 10", "weekend pe subah 10 baje", both
silently), every weekend with "this" dropped ("這週六和週日早上十點"), or asked with a question about
"next week". The rows say what a person means:

- "every weekend", plural weekends: every Saturday and Sunday at that time;
- the weekend said bare ("週末早上九點", "on the weekend at 10am", "el finde a las 10"): this
  weekend or every weekend? asked; where the bare word is the habitual one in the language (French
  "le week-end", Korean "주말") either the repetition or the question;
- "this weekend" at a time: which day (Saturday, Sunday or both)? asked;
- "this Saturday and Sunday" at a time: one run on each, and no more (or the question); never a
  weekly repetition.

The runs were decided by hand as local wall times ("03-07 09:00", year 2026) and are converted to
UTC with Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local; this
weekend is 7–8 March, the next one 14–15 March; New York changes to summer time on 8 March.

    python3 convert18.py > tuning18.jsonl
"""
from wall_times import print_new_rows

EVERY_9 = {"fires": ["03-07 09:00", "03-08 09:00", "03-14 09:00"]}
EVERY_10_OR_ASK = {"fires": ["03-07 10:00", "03-08 10:00", "03-14 10:00"], "ask": True,
                   "note": "the bare word is the habitual one here: every weekend, or the question"}
BARE = {"refused": ["ambiguous_schedule"], "note": "this weekend or every weekend? asked, never one day or today"}
THIS = {"refused": ["ambiguous_schedule"], "note": "this weekend: Saturday, Sunday or both? asked, never today"}
BOTH_10 = {"fires": ["03-07 10:00", "03-08 10:00"], "last": "03-08 10:00", "ask": True,
           "note": "two named days of this week at one time: one run each, or the question; never every week"}
BOTH_20 = {"fires": ["03-07 20:00", "03-08 20:00"], "last": "03-08 20:00", "ask": True, "note": BOTH_10["note"]}
NEXT_BOTH_10 = {"fires": ["03-14 10:00", "03-15 10:00"], "last": "03-15 10:00", "ask": True,
                "note": "next week's Saturday and Sunday (the next Monday-Sunday week): one run each, or the question"}
BOTH_FRI_SAT_18 = {"fires": ["03-06 18:00", "03-07 18:00"], "last": "03-07 18:00", "ask": True, "note": BOTH_10["note"]}
NEXT_MWF_10 = {"fires": ["03-09 10:00", "03-11 10:00", "03-13 10:00"], "last": "03-13 10:00", "ask": True,
               "note": "next week's Monday, Wednesday and Friday: one run each, or the question; never every week"}
NEXT_SAT_10 = {"fires": ["03-14 10:00"], "last": "03-14 10:00",
               "note": "next Saturday is next week's (the policy for 'next Friday'), never this Saturday"}
NEXT_WEEKDAYS_9 = {"fires": ["03-09 09:00", "03-10 09:00", "03-11 09:00"], "last": "03-13 09:00",
                   "ask": True, "note": "next Monday to Friday: those five days, or the question; never every weekday with 'next' dropped"}
OWN_TIMES = {"fires": ["03-06 08:00", "03-07 21:00"], "last": "03-07 21:00",
             "note": "two dates, each with its own time: a run at each, and no more"}
OWN_TIMES_WEEKEND = {"fires": ["03-07 09:00", "03-08 10:00"], "last": "03-08 10:00", "note": OWN_TIMES["note"]}

R = [
    ("en", "every weekend at 9am", EVERY_9, ["weekend"]),
    ("en", "remind me weekends at 9am to water the plants", EVERY_9, ["weekend", "embedded"]),
    ("en", "on the weekend at 10am", BARE, ["weekend", "bare"]),
    ("en", "remind me at the weekend at 10am to wash the car", BARE, ["weekend", "bare"]),
    ("en", "this weekend at 10am", THIS, ["weekend", "this"]),
    ("en", "remind me this weekend at 10am to call grandma", THIS, ["weekend", "this"]),
    ("en", "this saturday and sunday at 10am", BOTH_10, ["weekend", "named-days"]),
    ("zh-Hant", "每到週末早上九點提醒我", EVERY_9, ["weekend"]),
    ("zh-Hant", "週末早上九點提醒我運動", BARE, ["weekend", "bare"]),
    ("zh-Hant", "這個週末早上十點", THIS, ["weekend", "this"]),
    ("zh-Hant", "這週末早上十點提醒我打掃", THIS, ["weekend", "this"]),
    ("zh-Hant", "這週六跟週日早上十點", BOTH_10, ["weekend", "named-days"]),
    ("zh-Hant", "這禮拜六和禮拜天晚上八點提醒我", BOTH_20, ["weekend", "named-days"]),
    ("zh-Hant", "下週六和週日早上十點", NEXT_BOTH_10, ["weekend", "named-days"]),
    ("zh-Hans", "每个周末早上9点", EVERY_9, ["weekend"]),
    ("zh-Hans", "周末早上9点提醒我", BARE, ["weekend", "bare"]),
    ("zh-Hans", "这个周末上午10点", THIS, ["weekend", "this"]),
    ("zh-Hans", "这周六和周日上午10点", BOTH_10, ["weekend", "named-days"]),
    ("ja", "毎週末の9時", EVERY_9, ["weekend"]),
    ("ja", "週末の9時に", BARE, ["weekend", "bare"]),
    ("ja", "今週末の10時", THIS, ["weekend", "this"]),
    ("ja", "今週の土曜と日曜の10時", BOTH_10, ["weekend", "named-days"]),
    ("ko", "주말마다 오전 9시", EVERY_9, ["weekend"]),
    ("ko", "주말 오전 10시", EVERY_10_OR_ASK, ["weekend", "bare"]),
    ("ko", "이번 주말 오전 10시", THIS, ["weekend", "this"]),
    ("ko", "이번 주 토요일이랑 일요일 오전 10시", BOTH_10, ["weekend", "named-days"]),
    ("es", "todos los fines de semana a las 9", EVERY_9, ["weekend"]),
    ("es", "el finde a las 10", BARE, ["weekend", "bare"]),
    ("es", "recuérdame el fin de semana a las 10 lavar el coche", BARE, ["weekend", "bare"]),
    ("es", "este fin de semana a las 10", THIS, ["weekend", "this"]),
    ("es", "este finde a las 11", {"refused": ["ambiguous_schedule"], "note": THIS["note"]}, ["weekend", "this"]),
    ("es", "este sábado y domingo a las 10", BOTH_10, ["weekend", "named-days"]),
    ("de", "jedes Wochenende um 9 Uhr", EVERY_9, ["weekend"]),
    ("de", "am Wochenende um 10 Uhr", BARE, ["weekend", "bare"]),
    ("de", "dieses Wochenende um 10", THIS, ["weekend", "this"]),
    ("de", "diesen Samstag und Sonntag um 10 Uhr", BOTH_10, ["weekend", "named-days"]),
    ("fr", "tous les week-ends à 9h", EVERY_9, ["weekend"]),
    ("fr", "le week-end à 10h", EVERY_10_OR_ASK, ["weekend", "bare"]),
    ("fr", "ce week-end à 10h", THIS, ["weekend", "this"]),
    ("fr", "ce samedi et ce dimanche à 10h", BOTH_10, ["weekend", "named-days"]),
    ("pt", "todos os fins de semana às 9h", EVERY_9, ["weekend"]),
    ("pt", "no fim de semana às 10h", BARE, ["weekend", "bare"]),
    ("pt", "neste fim de semana às 10h", THIS, ["weekend", "this"]),
    ("pt", "este sábado e domingo às 10h", BOTH_10, ["weekend", "named-days"]),
    ("it", "ogni weekend alle 9", EVERY_9, ["weekend"]),
    ("it", "il fine settimana alle 10", BARE, ["weekend", "bare"]),
    ("it", "questo weekend alle 10", THIS, ["weekend", "this"]),
    ("it", "questo sabato e domenica alle 10", BOTH_10, ["weekend", "named-days"]),
    ("hi-Latn", "har weekend subah 9 baje", EVERY_9, ["weekend"]),
    ("hi-Latn", "weekend pe subah 10 baje", BARE, ["weekend", "bare"]),
    ("hi-Latn", "is weekend subah 10 baje yaad dilana", THIS, ["weekend", "this"]),
    ("hi-Deva", "हर वीकेंड सुबह 9 बजे", EVERY_9, ["weekend"]),
    ("hi-Deva", "वीकेंड पर सुबह 10 बजे", BARE, ["weekend", "bare"]),
    ("hi-Deva", "इस वीकेंड सुबह 10 बजे", THIS, ["weekend", "this"]),
    # Added later: "this" or "next" before a list of weekdays, and "next" before one, in the
    # languages whose grammar reads the words itself (Portuguese, Hindi) and a few more.
    ("en", "remind me this friday and saturday at 6pm to book tickets", BOTH_FRI_SAT_18, ["named-days"]),
    ("en", "next saturday and sunday at 10am", NEXT_BOTH_10, ["weekend", "named-days"]),
    ("es", "el próximo sábado y domingo a las 10", NEXT_BOTH_10, ["weekend", "named-days"]),
    ("de", "nächsten Samstag und Sonntag um 10 Uhr", NEXT_BOTH_10, ["weekend", "named-days"]),
    ("it", "questo venerdì e sabato alle 18", BOTH_FRI_SAT_18, ["named-days"]),
    ("pt", "neste sábado e domingo às 10h", BOTH_10, ["weekend", "named-days"]),
    ("pt", "nesta sexta e sábado às 18h", BOTH_FRI_SAT_18, ["named-days"]),
    ("ja", "来週の土曜と日曜の10時", NEXT_BOTH_10, ["weekend", "named-days"]),
    ("ko", "다음 주 토요일이랑 일요일 오전 10시", NEXT_BOTH_10, ["weekend", "named-days"]),
    ("zh-Hant", "這週五和週六晚上六點", BOTH_FRI_SAT_18, ["named-days"]),
    ("zh-Hant", "下週一三五早上十點提醒我去健身", NEXT_MWF_10, ["named-days"]),
    ("hi-Latn", "agle shanivar subah 10 baje", NEXT_SAT_10, ["next-day"]),
    ("hi-Latn", "is shanivar aur ravivar subah 10 baje", BOTH_10, ["weekend", "named-days"]),
    ("hi-Latn", "agle shanivar aur ravivar subah 10 baje", NEXT_BOTH_10, ["weekend", "named-days"]),
    ("hi-Latn", "agle somvar se shukravar tak subah 9 baje", NEXT_WEEKDAYS_9, ["named-days", "range"]),
    ("hi-Deva", "अगले शनिवार सुबह 10 बजे", NEXT_SAT_10, ["next-day"]),
    ("hi-Deva", "इस शनिवार और रविवार सुबह 10 बजे", BOTH_10, ["weekend", "named-days"]),
    # Added later: several dates, each with its own time (one reading: a run at each).
    ("en", "remind me tomorrow at 8am and saturday at 9pm", OWN_TIMES, ["own-times"]),
    ("en", "this saturday at 9am and sunday at 10am", OWN_TIMES_WEEKEND, ["own-times", "named-days"]),
    ("es", "mañana a las 8 y el sábado a las 21", OWN_TIMES, ["own-times"]),
    ("de", "morgen um 8 Uhr und am Samstag um 21 Uhr", OWN_TIMES, ["own-times"]),
    ("fr", "demain à 8h et samedi à 21h", OWN_TIMES, ["own-times"]),
    ("it", "domani alle 8 e sabato alle 21", OWN_TIMES, ["own-times"]),
    ("pt", "amanhã às 8h e sábado às 21h", OWN_TIMES, ["own-times"]),
    ("ja", "明日の8時と明後日の21時", OWN_TIMES, ["own-times"]),
    ("ko", "내일 오전 8시랑 모레 오후 9시", OWN_TIMES, ["own-times"]),
    ("zh-Hant", "明天早上8點和後天晚上9點提醒我", OWN_TIMES, ["own-times"]),
    ("zh-Hans", "明天早上8点和后天晚上9点", OWN_TIMES, ["own-times"]),
    ("hi-Latn", "kal subah 8 baje aur parson raat 9 baje", OWN_TIMES, ["own-times"]),
]


print_new_rows(R, "wkd", "tuning18")
