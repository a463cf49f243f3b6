"""Builds the tenth tuning set, tuning10.jsonl, from the rows below. It is a tuning set only (no
held-out part), aimed at shapes the earlier sets have few of, in all twelve languages: a window on
one named day, a month excepted, a count after the task words, the weekend alone, a start time
beside an interval ("從中午開始每兩小時"), filler words ("like", "um", "pls", "porfa", "bitte mal"),
a meeting named "daily" / "weekly" / 週會, relative weeks ("next week's tuesday", "the week after
next"), ordinal weekdays of the month, last days, "every other", twice and three times a day,
dates with month names, Korean and Japanese conditional endings (면, たら), mixed scripts. The runs
were decided by hand as local wall times ("03-06 08:00", year 2026) and are converted to UTC here
with Python's zoneinfo (not duely's code). `now` is Thursday 5 March 2026, 10:00 local. Decisions
that needed one are in the row's note.

    python3 convert10.py > tuning10.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from wall_times import print_new_rows


ONE_DAY = "a window on one named day: that day's runs, or a question (that day or every such day)"
NOT_MARCH = "the month excepted is this one, so a reading that drops it starts today or tomorrow"
EVERY_OTHER_FRI = ["03-06 16:00", "03-20 16:00", "04-03 16:00"]
LAST_DAY_18 = ["03-31 18:00", "04-30 18:00", "05-31 18:00"]
FIRST_MON_10 = ["04-06 10:00", "05-04 10:00", "06-01 10:00"]
APRIL_7 = ["04-01 07:00", "04-02 07:00", "04-03 07:00"]
TWICE_9_21 = ["03-05 21:00", "03-06 09:00", "03-06 21:00"]
THRICE_8_14_20 = ["03-05 14:00", "03-05 20:00", "03-06 08:00"]
SAT_HALF_HOURS = ["03-07 09:00", "03-07 09:30", "03-07 10:00"]
WEEKENDS_10 = ["03-07 10:00", "03-08 10:00", "03-14 10:00"]
FROM_NOON_2H = ["03-05 12:00", "03-05 14:00", "03-05 16:00"]

R = [
    # English
    ("en", "every 30 min between 9 and 5 on saturday", {"fires": SAT_HALF_HOURS, "last": "03-07 17:00", "ask": True, "note": ONE_DAY}, ["window", "one-day"]),
    ("en", "every hour from 8am to 6pm on saturdays", {"fires": ["03-07 08:00", "03-07 09:00", "03-07 10:00"]}, ["window", "weekly"]),
    ("en", "every 15 min from 1pm to 3pm tomorrow", {"fires": ["03-06 13:00", "03-06 13:15", "03-06 13:30"], "last": "03-06 15:00"}, ["window", "one-day"]),
    ("en", "every hour between 10am and 2pm on sunday", {"fires": ["03-08 10:00", "03-08 11:00", "03-08 12:00"], "last": "03-08 14:00", "ask": True, "note": ONE_DAY}, ["window", "one-day"]),
    ("en", "every monday at 9am except in march", {"fires": ["04-06 09:00", "04-13 09:00", "04-20 09:00"], "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("en", "every weekday at 8am except in march", {"fires": ["04-01 08:00", "04-02 08:00", "04-03 08:00"], "note": NOT_MARCH}, ["exclusion", "month-excepted", "workday"]),
    ("en", "take my vitamins every morning at 8, 5 times", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-10 08:00"}, ["count", "embedded"]),
    ("en", "weekends at 10am", {"fires": WEEKENDS_10}, ["weekend"]),
    ("en", "starting at noon, every 2 hours", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("en", "every 3 hours starting at 1pm", {"fires": ["03-05 13:00", "03-05 16:00", "03-05 19:00"]}, ["interval", "start"]),
    ("en", "um remind me like every 2 hours pls", {"fires": FROM_NOON_2H}, ["interval", "filler"]),
    ("en", "pls remind me tmrw at 9am to call mom", {"fires": ["03-06 09:00"]}, ["once", "filler", "embedded"]),
    ("en", "daily standup every weekday at 9:30", {"fires": ["03-06 09:30", "03-09 09:30", "03-10 09:30"]}, ["named-daily", "workday"]),
    ("en", "weekly sync every other thursday at 3pm", {"fires": ["03-05 15:00", "03-19 15:00", "04-02 15:00"], "note": "the first Thursday 15:00 is today"}, ["named-weekly", "every-other"]),
    ("en", "next week's tuesday at 10am", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("en", "the week after next on monday at 9am", {"fires": ["03-16 09:00"]}, ["relative-week"]),
    ("en", "the 2nd monday of every month at 6pm", {"fires": ["03-09 18:00", "04-13 18:00", "05-11 18:00"]}, ["ordinal"]),
    ("en", "last day of every month at 5pm", {"fires": ["03-31 17:00", "04-30 17:00", "05-31 17:00"]}, ["last-day"]),
    ("en", "remind me to pay rent on the last friday of every month at 10am", {"fires": ["03-27 10:00", "04-24 10:00", "05-29 10:00"]}, ["last-day", "embedded"]),
    ("en", "the first friday of each month at noon", {"fires": ["03-06 12:00", "04-03 12:00", "05-01 12:00"]}, ["ordinal", "noon"]),
    ("en", "every other day at 8pm", {"fires": ["03-05 20:00", "03-07 20:00", "03-09 20:00"]}, ["every-other"]),
    ("en", "three times a day at 8am, 2pm and 8pm", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("en", "twice a day at 10am and 10pm", {"fires": ["03-05 22:00", "03-06 10:00", "03-06 22:00"]}, ["multi-time", "n-times-a-day"]),
    ("en", "on march 20th at 3pm", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("en", "april 2 at 11am", {"fires": ["04-02 11:00"]}, ["once", "month-name"]),
    ("en", "every day at 6pm until april 10", {"fires": ["03-05 18:00", "03-06 18:00", "03-07 18:00"], "last": "04-10 18:00"}, ["end", "month-name"]),
    ("en", "every friday at 4:30pm for the next 3 weeks", {"fires": ["03-06 16:30", "03-13 16:30", "03-20 16:30"], "last": "03-20 16:30"}, ["end", "weekly"]),
    ("en", "ok um so every monday and wednesday at 7am i wanna go to the gym", {"fires": ["03-09 07:00", "03-11 07:00", "03-16 07:00"]}, ["day-list", "filler", "embedded"]),
    ("en", "wake me up at 7 tmrw pls", {"fires": ["03-06 07:00"]}, ["once", "filler"]),
    # Traditional Chinese
    ("zh-Hant", "從中午開始每兩小時提醒我喝水", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("zh-Hant", "從下午一點開始每三小時", {"fires": ["03-05 13:00", "03-05 16:00", "03-05 19:00"]}, ["interval", "start"]),
    ("zh-Hant", "每個週末早上九點半", {"fires": ["03-07 09:30", "03-08 09:30", "03-14 09:30"]}, ["weekend", "half-past"]),
    ("zh-Hant", "每天提醒我吃藥 早上八點 總共五次", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-10 08:00"}, ["count", "embedded"]),
    ("zh-Hant", "每週一早上九點開週會", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["named-weekly", "weekly"]),
    ("zh-Hant", "每月最後一天晚上八點", {"fires": ["03-31 20:00", "04-30 20:00", "05-31 20:00"]}, ["last-day"]),
    ("zh-Hant", "每個月第二個星期三下午三點", {"fires": ["03-11 15:00", "04-08 15:00", "05-13 15:00"]}, ["ordinal"]),
    ("zh-Hant", "隔週的星期五下午四點", {"fires": EVERY_OTHER_FRI}, ["every-other"]),
    ("zh-Hant", "一天三次 早上八點 下午兩點 晚上八點", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("zh-Hant", "一天兩次，早上九點跟晚上九點", {"fires": TWICE_9_21}, ["multi-time", "n-times-a-day"]),
    ("zh-Hant", "下下週二早上十點", {"fires": ["03-17 10:00"]}, ["relative-week"]),
    ("zh-Hant", "下禮拜的禮拜四下午三點", {"fires": ["03-12 15:00"]}, ["relative-week"]),
    ("zh-Hant", "三月二十號下午三點", {"fires": ["03-20 15:00"]}, ["once", "month-name", "kanji-number"]),
    ("zh-Hant", "4月2日早上十點", {"fires": ["04-02 10:00"]}, ["once", "month-name"]),
    ("zh-Hant", "每天早上七點 三月除外", {"fires": APRIL_7, "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("zh-Hant", "星期六早上九點到十二點 每半小時", {"fires": SAT_HALF_HOURS, "last": "03-07 12:00", "ask": True, "note": ONE_DAY}, ["window", "one-day"]),
    ("zh-Hant", "明天下午一點到三點 每十五分鐘", {"fires": ["03-06 13:00", "03-06 13:15", "03-06 13:30"], "last": "03-06 15:00"}, ["window", "one-day"]),
    ("zh-Hant", "每週六早上八點到十二點 每小時一次", {"fires": ["03-07 08:00", "03-07 09:00", "03-07 10:00"]}, ["window", "weekly"]),
    ("zh-Hant", "每天晚上十點 到四月底", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "04-30 22:00"}, ["end"]),
    ("zh-Hant", "從下週一開始 每天早上七點半", {"fires": ["03-09 07:30", "03-10 07:30", "03-11 07:30"]}, ["start", "daily"]),
    ("zh-Hant", "嗯 幫我每兩個小時提醒一下 喝水", {"fires": FROM_NOON_2H}, ["interval", "filler"]),
    ("zh-Hant", "每月1號跟15號早上十點", {"fires": ["03-15 10:00", "04-01 10:00", "04-15 10:00"]}, ["ordinal", "monthly"]),
    ("zh-Hant", "每週三 10am 的 weekly meeting", {"fires": ["03-11 10:00", "03-18 10:00", "03-25 10:00"]}, ["named-weekly", "mixed-script"]),
    # Simplified Chinese
    ("zh-Hans", "每周六上午九点到十一点 每半小时", {"fires": SAT_HALF_HOURS}, ["window", "weekly"]),
    ("zh-Hans", "从中午开始每两小时提醒我", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("zh-Hans", "每个周末上午十点", {"fires": WEEKENDS_10}, ["weekend"]),
    ("zh-Hans", "每天早上八点吃药，一共5次", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-10 08:00"}, ["count", "embedded"]),
    ("zh-Hans", "每月最后一天下午五点", {"fires": ["03-31 17:00", "04-30 17:00", "05-31 17:00"]}, ["last-day"]),
    ("zh-Hans", "下下周三下午两点", {"fires": ["03-18 14:00"]}, ["relative-week"]),
    ("zh-Hans", "一天三次，早上八点、中午十二点、晚上六点", {"fires": ["03-05 12:00", "03-05 18:00", "03-06 08:00"]}, ["multi-time", "n-times-a-day"]),
    ("zh-Hans", "隔周五下午四点", {"fires": EVERY_OTHER_FRI}, ["every-other"]),
    ("zh-Hans", "三月二十五号上午十点", {"fires": ["03-25 10:00"]}, ["once", "month-name"]),
    ("zh-Hans", "每天上午九点 三月除外", {"fires": ["04-01 09:00", "04-02 09:00", "04-03 09:00"], "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("zh-Hans", "每周一早上九点开周会", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"]}, ["named-weekly", "weekly"]),
    ("zh-Hans", "每个月第一个周一上午十点", {"fires": FIRST_MON_10}, ["ordinal"]),
    # Japanese
    ("ja", "毎日朝8時と夜8時、1日2回", {"fires": ["03-05 20:00", "03-06 08:00", "03-06 20:00"]}, ["multi-time", "n-times-a-day"]),
    ("ja", "来週の火曜日の午前10時", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("ja", "3月20日の午後3時", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("ja", "毎月最終日の午後6時", {"fires": LAST_DAY_18}, ["last-day"]),
    ("ja", "明日になったら朝9時に教えて", {"fires": ["03-06 09:00"]}, ["once", "conditional-ending"]),
    ("ja", "毎週土曜日の9時から12時まで30分ごと", {"fires": SAT_HALF_HOURS}, ["window", "weekly"]),
    ("ja", "1日3回、8時、14時、20時", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("ja", "正午から2時間おきに", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    # Korean
    ("ko", "하루 두 번 오전 9시랑 오후 9시", {"fires": TWICE_9_21}, ["multi-time", "n-times-a-day"]),
    ("ko", "다음 주 화요일 오전 10시", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("ko", "3월 20일 오후 3시", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("ko", "매월 마지막 날 오후 6시", {"fires": LAST_DAY_18}, ["last-day"]),
    ("ko", "내일 아침 9시 되면 알려줘", {"fires": ["03-06 09:00"]}, ["once", "conditional-ending"]),
    ("ko", "격주 금요일 오후 4시", {"fires": EVERY_OTHER_FRI}, ["every-other"]),
    ("ko", "정오부터 2시간마다", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("ko", "매주 토요일 오전 9시부터 12시까지 30분마다", {"fires": SAT_HALF_HOURS}, ["window", "weekly"]),
    # Spanish
    ("es", "cada dos semanas el lunes a las 9", {"fires": ["03-09 09:00", "03-23 09:00", "04-06 09:00"]}, ["every-other"]),
    ("es", "el ultimo viernes de cada mes a las 10 de la mañana", {"fires": ["03-27 10:00", "04-24 10:00", "05-29 10:00"]}, ["last-day", "no-accent"]),
    ("es", "a partir del lunes, todos los días a las 8", {"fires": ["03-09 08:00", "03-10 08:00", "03-11 08:00"]}, ["start", "daily"]),
    ("es", "todos los días a las 21h hasta el 15 de abril", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "04-15 21:00"}, ["end", "month-name"]),
    ("es", "todos los dias a las 9 menos los domingos", {"fires": ["03-06 09:00", "03-07 09:00", "03-09 09:00"]}, ["exclusion", "no-accent"]),
    ("es", "todos los dias a las 7 de la mañana menos en marzo", {"fires": APRIL_7, "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("es", "tomar la pastilla cada noche a las 22, 5 veces", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-09 22:00"}, ["count", "embedded"]),
    ("es", "porfa recuerdame mañana a las 10 llamar al medico", {"fires": ["03-06 10:00"]}, ["once", "filler", "no-accent"]),
    ("es", "dos veces al dia a las 8 y a las 20", {"fires": ["03-05 20:00", "03-06 08:00", "03-06 20:00"]}, ["multi-time", "n-times-a-day", "no-accent"]),
    ("es", "tres veces al día, a las 8, a las 14 y a las 20", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("es", "el 20 de marzo a las 5 de la tarde", {"fires": ["03-20 17:00"]}, ["once", "month-name"]),
    ("es", "cada 30 minutos de 9 a 13 el sábado", {"fires": SAT_HALF_HOURS, "last": "03-07 13:00", "ask": True, "note": ONE_DAY}, ["window", "one-day"]),
    ("es", "la reunión semanal todos los lunes a las 10", {"fires": ["03-09 10:00", "03-16 10:00", "03-23 10:00"]}, ["named-weekly", "weekly"]),
    ("es", "el segundo martes de cada mes a las 18", {"fires": ["03-10 18:00", "04-14 18:00", "05-12 18:00"]}, ["ordinal"]),
    ("es", "el ultimo dia de cada mes a las 9", {"fires": ["03-31 09:00", "04-30 09:00", "05-31 09:00"]}, ["last-day", "no-accent"]),
    ("es", "la semana que viene el martes a las 11", {"fires": ["03-10 11:00"]}, ["relative-week"]),
    ("es", "cada dos horas a partir de las 12", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("es", "los fines de semana a las 10", {"fires": WEEKENDS_10}, ["weekend"]),
    ("es", "recuerdame cada lunes a las 8 hasta el 30 de marzo", {"fires": ["03-09 08:00", "03-16 08:00", "03-23 08:00"], "last": "03-30 08:00"}, ["end", "no-accent"]),
    # German
    ("de", "bitte mal jeden Tag um 8 Uhr erinnern", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"]}, ["daily", "filler"]),
    ("de", "zweimal täglich um 7 und 19 Uhr", {"fires": ["03-05 19:00", "03-06 07:00", "03-06 19:00"]}, ["multi-time", "n-times-a-day"]),
    ("de", "dreimal täglich um 8, 14 und 20 Uhr", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("de", "jeden zweiten Freitag um 16 Uhr", {"fires": EVERY_OTHER_FRI}, ["every-other"]),
    ("de", "am 20. März um 15 Uhr", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("de", "am letzten Tag jedes Monats um 18 Uhr", {"fires": LAST_DAY_18}, ["last-day"]),
    ("de", "jeden ersten Montag im Monat um 10 Uhr", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("de", "übernächste Woche am Dienstag um 10", {"fires": ["03-17 10:00"]}, ["relative-week"]),
    ("de", "jeden Tag um 7 Uhr außer im März", {"fires": APRIL_7, "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("de", "am Samstag von 9 bis 12 Uhr alle 30 Minuten", {"fires": SAT_HALF_HOURS, "last": "03-07 12:00", "ask": True, "note": ONE_DAY}, ["window", "one-day"]),
    ("de", "Tabletten nehmen jeden Abend um 21 Uhr, 5 Mal", {"fires": ["03-05 21:00", "03-06 21:00", "03-07 21:00"], "last": "03-09 21:00"}, ["count", "embedded"]),
    ("de", "Weekly-Meeting jeden Montag um 9:30", {"fires": ["03-09 09:30", "03-16 09:30", "03-23 09:30"]}, ["named-weekly", "mixed-script"]),
    ("de", "jedes Wochenende um 10 Uhr", {"fires": WEEKENDS_10}, ["weekend"]),
    ("de", "ab Montag jeden Tag um 8", {"fires": ["03-09 08:00", "03-10 08:00", "03-11 08:00"]}, ["start", "daily"]),
    ("de", "bitte mal übermorgen um 9 Uhr an den Zahnarzt erinnern", {"fires": ["03-07 09:00"]}, ["once", "filler", "embedded"]),
    ("de", "jeden Samstag zwischen 10 und 14 Uhr stündlich", {"fires": ["03-07 10:00", "03-07 11:00", "03-07 12:00"]}, ["window", "weekly"]),
    ("de", "ab 12 Uhr alle zwei Stunden", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("de", "am 2. April um halb 10", {"fires": ["04-02 09:30"]}, ["once", "month-name", "half-past"]),
    # Portuguese
    ("pt", "duas vezes por dia às 8h e às 20h", {"fires": ["03-05 20:00", "03-06 08:00", "03-06 20:00"]}, ["multi-time", "n-times-a-day"]),
    ("pt", "três vezes ao dia às 8h, 14h e 20h", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("pt", "segunda sim, segunda não às 9h", {"fires": ["03-09 09:00", "03-23 09:00", "04-06 09:00"]}, ["every-other"]),
    ("pt", "no dia 20 de março às 15h", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("pt", "no último dia de cada mês às 18h", {"fires": LAST_DAY_18}, ["last-day"]),
    ("pt", "na primeira segunda-feira de cada mês às 10h", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("pt", "todo dia às 7h menos em março", {"fires": APRIL_7, "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("pt", "a partir de segunda, todo dia às 8h", {"fires": ["03-09 08:00", "03-10 08:00", "03-11 08:00"]}, ["start", "daily"]),
    ("pt", "todo sábado das 9h às 12h de 30 em 30 minutos", {"fires": SAT_HALF_HOURS}, ["window", "weekly"]),
    ("pt", "tomar remédio toda noite às 22h, 5 vezes", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "03-09 22:00"}, ["count", "embedded"]),
    ("pt", "todo fim de semana às 10h", {"fires": WEEKENDS_10}, ["weekend"]),
    ("pt", "semana que vem na terça às 10h", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("pt", "de duas em duas horas a partir do meio-dia", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("pt", "toda segunda às 9h até 30 de março", {"fires": ["03-09 09:00", "03-16 09:00", "03-23 09:00"], "last": "03-30 09:00"}, ["end", "month-name"]),
    ("pt", "na última sexta-feira de cada mês às 17h", {"fires": ["03-27 17:00", "04-24 17:00", "05-29 17:00"]}, ["last-day"]),
    ("pt", "por favor me lembra amanhã às 10h de ligar pro médico", {"fires": ["03-06 10:00"]}, ["once", "filler", "embedded"]),
    ("pt", "a reunião semanal toda quarta às 14h", {"fires": ["03-11 14:00", "03-18 14:00", "03-25 14:00"]}, ["named-weekly", "weekly"]),
    ("pt", "daqui a duas semanas na sexta às 10h", {"fires": ["03-20 10:00"]}, ["relative-week"]),
    ("pt", "dia 2 de abril às 11h", {"fires": ["04-02 11:00"]}, ["once", "month-name"]),
    # Hindi in Latin script
    ("hi-Latn", "din mein do baar subah 9 baje aur raat 9 baje", {"fires": TWICE_9_21}, ["multi-time", "n-times-a-day"]),
    ("hi-Latn", "din mein teen baar subah 8 baje, dopahar 2 baje aur raat 8 baje", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("hi-Latn", "har mahine ke aakhri din shaam 6 baje", {"fires": LAST_DAY_18}, ["last-day"]),
    ("hi-Latn", "agle hafte mangalvar ko subah 10 baje", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("hi-Latn", "20 march ko dopahar 3 baje", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("hi-Latn", "har doosre shukravar shaam 4 baje", {"fires": EVERY_OTHER_FRI, "ask": True, "note": "every other Friday, or the second Friday of the month: read, or asked"}, ["every-other"]),
    ("hi-Latn", "har roz subah 8 baje, 5 baar", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-10 08:00"}, ["count"]),
    ("hi-Latn", "somvar se har roz subah 7 baje", {"fires": ["03-09 07:00", "03-10 07:00", "03-11 07:00"]}, ["start", "daily"]),
    ("hi-Latn", "har weekend subah 10 baje", {"fires": WEEKENDS_10}, ["weekend", "mixed-script"]),
    ("hi-Latn", "har mahine ke pehle somvar ko subah 10 baje", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("hi-Latn", "yaar please kal subah 9 baje yaad dila dena", {"fires": ["03-06 09:00"]}, ["once", "filler"]),
    ("hi-Latn", "dopahar 12 baje se har 2 ghante", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("hi-Latn", "har din raat 10 baje 15 april tak", {"fires": ["03-05 22:00", "03-06 22:00", "03-07 22:00"], "last": "04-15 22:00"}, ["end", "month-name"]),
    ("hi-Latn", "har mahine ke aakhri shukravar ko shaam 5 baje", {"fires": ["03-27 17:00", "04-24 17:00", "05-29 17:00"]}, ["last-day"]),
    ("hi-Latn", "har roz subah 7 baje, march chhod ke", {"fires": APRIL_7, "note": NOT_MARCH}, ["exclusion", "month-excepted", "mixed-script"]),
    # French
    ("fr", "deux fois par jour à 9h et 21h", {"fires": TWICE_9_21}, ["multi-time", "n-times-a-day"]),
    ("fr", "le 20 mars à 15h", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("fr", "le dernier jour de chaque mois à 18h", {"fires": LAST_DAY_18}, ["last-day"]),
    ("fr", "mardi de la semaine prochaine à 10h", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("fr", "tous les jours à 7h sauf en mars", {"fires": APRIL_7, "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("fr", "le samedi de 9h à 12h toutes les 30 minutes", {"fires": SAT_HALF_HOURS, "ask": True, "note": "'le samedi' is every Saturday in French; asking is fair"}, ["window", "weekly"]),
    ("fr", "à partir de midi toutes les deux heures", {"fires": FROM_NOON_2H}, ["interval", "start"]),
    ("fr", "le premier lundi de chaque mois à 10h", {"fires": FIRST_MON_10}, ["ordinal"]),
    # Italian
    ("it", "due volte al giorno alle 9 e alle 21", {"fires": TWICE_9_21}, ["multi-time", "n-times-a-day"]),
    ("it", "il 20 marzo alle 15", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("it", "l'ultimo giorno di ogni mese alle 18", {"fires": LAST_DAY_18}, ["last-day"]),
    ("it", "martedì della prossima settimana alle 10", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("it", "ogni giorno alle 7 tranne a marzo", {"fires": APRIL_7, "note": NOT_MARCH}, ["exclusion", "month-excepted"]),
    ("it", "tre volte al giorno alle 8, alle 14 e alle 20", {"fires": THRICE_8_14_20}, ["multi-time", "n-times-a-day"]),
    ("it", "ogni due settimane il lunedì alle 9", {"fires": ["03-09 09:00", "03-23 09:00", "04-06 09:00"]}, ["every-other"]),
    ("it", "il primo lunedì di ogni mese alle 10", {"fires": FIRST_MON_10}, ["ordinal"]),
    ("it", "ogni fine settimana alle 10", {"fires": WEEKENDS_10}, ["weekend"]),
    ("it", "a partire da lunedì ogni giorno alle 8", {"fires": ["03-09 08:00", "03-10 08:00", "03-11 08:00"]}, ["start", "daily"]),
    # Hindi in Devanagari
    ("hi-Deva", "दिन में दो बार सुबह 9 बजे और रात 9 बजे", {"fires": TWICE_9_21}, ["multi-time", "n-times-a-day"]),
    ("hi-Deva", "20 मार्च को दोपहर 3 बजे", {"fires": ["03-20 15:00"]}, ["once", "month-name"]),
    ("hi-Deva", "अगले हफ्ते मंगलवार को सुबह 10 बजे", {"fires": ["03-10 10:00"]}, ["relative-week"]),
    ("hi-Deva", "हर महीने के आखिरी दिन शाम 6 बजे", {"fires": LAST_DAY_18}, ["last-day"]),
    ("hi-Deva", "हर रोज़ सुबह 8 बजे, 5 बार", {"fires": ["03-06 08:00", "03-07 08:00", "03-08 08:00"], "last": "03-10 08:00"}, ["count"]),
    ("hi-Deva", "हर दूसरे दिन सुबह 7 बजे", {"fires": ["03-06 07:00", "03-08 07:00", "03-10 07:00"]}, ["every-other"]),
    ("hi-Deva", "हर महीने के पहले सोमवार को सुबह 10 बजे", {"fires": FIRST_MON_10}, ["ordinal"]),
]


print_new_rows(R, "ten", "tuning10")
