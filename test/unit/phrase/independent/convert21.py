"""Builds the twenty-first tuning set, tuning21.jsonl: reminders as people ask an assistant for them
in English, Spanish, Portuguese, French, German, Italian and Hindi (docs/phrases.md, issue #31). A
sweep of some 600 phrasings by task (medicine, rent, trash day, the kids, the gym, stand-ups,
birthdays, plants, a flight, shifts, a course of treatment) and by style (filler, no accents, English
words mixed in, spoken times, Hinglish) found the rows below; it weighs on bounded repetition ("for
the next 3 days", "this month", "the rest of the month", "until the end of the month", "les 5
prochains jours", "agle teen din"), and on the shapes read silently wrong or asked on the way.

What a row means, when it needs a decision:

- "for N days/weeks" ends at now plus that long on the wall clock (the policy); "the next N days"
  said without "for" is the same duration;
- "this month" and "the rest of the month" beside a repetition end on the month's last day
  (31 March included); "the rest of the week" (Friday or Sunday?) and "all week" are asked;
- a duration with a time and no word for "every day" ("at 8am and 8pm for 10 days") is every day
  or the question;
- "biweekly" (every two weeks, or twice a week?) with one weekday: every two weeks, or the question;
  without one, asked; "bihebdomadaire" (twice a week in French) with one weekday: asked;
- "the last business day of the month", a condition ("if it rains") and two tasks each with its own
  time are asked.

The runs were decided by hand as local wall times ("03-06 08:00", year 2026, or "2027-06-12 09:00")
and are converted to UTC here with Python's zoneinfo (not duely's code). `now` is Thursday 5 March
2026, 10:00 local; "Monday" is 9 March; New York changes to summer time on 8 March.

    python3 convert21.py > tuning21.jsonl

A phrase already in an earlier set, tuning or held out, is left out (the table has no duplicate
phrase). Only the number left out is printed, on stderr, so that no held-out phrase is shown.
"""
from datetime import date, timedelta

from wall_times import print_new_rows


def days(time, first="03-06", n=3, step=1):
    """`n` wall times at `time`, `step` days apart from `first` (2026)."""
    start = date(2026, int(first[:2]), int(first[3:]))
    return [f"{(start + timedelta(days=i * step)):%m-%d} {time}" for i in range(n)]


def rep(fires, note=None, last=None, ask=False):
    want = {"fires": fires}
    if last is not None:
        want["last"] = last
    if ask:
        want["ask"] = True
    if note is not None:
        want["note"] = note
    return want


def ask(note):
    return {"refused": ["ambiguous_schedule"], "note": note}


def refused(note):
    return {"refused": ["ambiguous_schedule", "invalid_schedule"], "note": note}


NEXT3_9 = rep(days("09:00"), "the next 3 days: 6, 7 and 8 March (now is 10:00 on the 5th, past 09:00)", last="03-08 09:00")
MONTH_9 = rep(days("09:00"), "this month, or the rest of it: through 31 March", last="03-31 09:00")
MONTH_22 = rep(days("22:00", "03-05"), "the rest of the month: through 31 March", last="03-31 22:00")
FIVE_19 = rep(days("19:00", "03-05"), "the next 5 days with a time: every day until now + 5 days (10 March, 10:00), or the question", last="03-09 19:00", ask=True)
DAILY_930 = rep(days("09:30"), "a daily meeting with its time and nothing else: every day at 09:30, or the question; never once", ask=True)
MON_10 = rep(["03-09 10:00", "03-16 10:00", "03-23 10:00"], "'every' in English before the weekday of the phrase's language: every Monday")
OTHER_DAY_19 = rep(days("19:00", "03-05", step=2), "every other day from today: 19:00 is still ahead")
EVERY_OTHER_MON_10 = rep(["03-09 10:00", "03-23 10:00", "04-06 10:00"], "every other Monday, from the coming one")
SAT_9 = rep(["03-07 09:00", "03-14 09:00", "03-21 09:00"], "every Saturday morning at 9")
RENT_1 = rep(["04-01 09:00", "05-01 09:00", "06-01 09:00"], "the first of every month")
RENT_5 = rep(["04-05 09:00", "05-05 09:00", "06-05 09:00"], "the 5th of every month, never the 1st")
THU_2_4 = rep(["03-12 19:00", "03-26 19:00", "04-09 19:00"], "the second and fourth Thursday of each month, both")
REST_OF_WEEK = ask("the rest of the week ends on Friday for some and Sunday for others: asked (the policy), never without an end")
ALL_WEEK = ask("all week: which week, ending when? asked, never one run")
ONLY_FRI_9 = rep(["03-06 09:00"], "from tomorrow (Friday) until Friday: one run", last="03-06 09:00")
IF_RAIN = ask("a condition: asked, never dropped")
TWO_TASKS = ask("two tasks, each with its own time: one task each, asked")
LAST_BUSINESS = refused("the last business day of the month (a holiday moves it): asked or refused, never the last day")
VAGUE_LENGTH = ask("a couple of days, a few days: how many? asked, never without an end")
THIS_WEEK_730 = rep(days("07:30"), "this week: through Sunday 8 March, or the question (a work week ends on Friday)", last="03-08 07:30", ask=True)
FOUR_H_DAY = rep(["03-05 12:00", "03-05 16:00", "03-05 20:00"], "every 4 hours for 24 hours: until 6 March, 10:00", last="03-06 08:00")
SUN_18_MAY = rep(["03-08 18:00", "03-15 18:00", "03-22 18:00"], "until the end of May: the last Sunday is 31 May", last="05-31 18:00")
TWELVE_H_WEEK = rep(["03-05 12:00", "03-06 00:00", "03-06 12:00"], "every 12 hours from the next clock mark, for a week (until 12 March, 10:00)", last="03-12 00:00")

R = [
    # --- English ---
    ("en", "remind me to take my meds every day at 8am for the next 3 days", rep(days("08:00"), "the next 3 days", last="03-08 08:00"), ["bounded", "medicine"]),
    ("en", "daily at 9am this month", MONTH_9, ["bounded", "this-month"]),
    ("en", "every day this week at 6pm", rep(days("18:00", "03-05", 3), "this week, Thursday to Sunday, or the question (a work week ends on Friday)", last="03-08 18:00", ask=True), ["bounded", "this-week"]),
    ("en", "take antibiotics at 8am and 8pm for 10 days", rep(["03-05 20:00", "03-06 08:00", "03-06 20:00"], "two times a day for 10 days with no word for every day: daily, or the question", last="03-15 08:00", ask=True), ["bounded", "medicine", "multi-time"]),
    ("en", "remind me noonish tomorrow to call the bank", rep(["03-06 12:00"], "noonish is about noon, as 'around noon' is read"), ["once", "spoken-time"]),
    ("en", "every night at 10pm for the rest of the week", REST_OF_WEEK, ["bounded", "rest-of"]),
    ("en", "every morning at 8 until the end of next month", rep(days("08:00"), "the end of next month: 30 April", last="04-30 08:00"), ["bounded", "end"]),
    ("en", "for the next 3 days remind me at 9am to stretch", rep(days("09:00"), "the next 3 days with a time: daily, or the question", last="03-08 09:00", ask=True), ["bounded", "no-every"]),
    ("en", "bi-weekly team sync at 10am", ask("bi-weekly with no weekday: every two weeks or twice a week, and on which day? asked"), ["biweekly"]),
    ("en", "biweekly on fridays at 5pm", rep(["03-06 17:00", "03-20 17:00", "04-03 17:00"], "biweekly with one weekday: every other Friday, or the question", ask=True), ["biweekly"]),
    ("en", "last business day of the month at 5pm", LAST_BUSINESS, ["last-business-day"]),
    ("en", "every day at 9am if it rains", IF_RAIN, ["condition"]),
    ("en", "remind me to take out the trash tonight at 9 and to call mom tomorrow at 10", TWO_TASKS, ["two-tasks"]),
    ("en", "pick up kids mon-fri at quarter past 3 pm", rep(["03-05 15:15", "03-06 15:15", "03-09 15:15"]), ["kids", "spoken-time"]),
    ("en", "every fortnight on thursdays at 11", rep(["03-05 11:00", "03-19 11:00", "04-02 11:00"], "every other Thursday from today"), ["fortnight"]),
    ("en", "every weekday at 7am for the next two weeks", rep(["03-06 07:00", "03-09 07:00", "03-10 07:00"], last="03-19 07:00"), ["bounded"]),
    ("en", "remind me daily at 9am until the end of the month", MONTH_9, ["bounded", "end"]),
    ("en", "every 2 hours from 9am to 9pm for 3 days", rep(["03-05 11:00", "03-05 13:00", "03-05 15:00"], "until now + 3 days (8 March, 10:00, EDT)", last="03-08 09:00"), ["bounded", "window"]),
    ("en", "every day at 8am through friday", rep(["03-06 08:00"], last="03-06 08:00"), ["bounded", "end"]),
    ("en", "daily standup at 9:45am", rep(days("09:45"), "a daily standup with its time: every day, or the question", ask=True), ["meeting"]),
    # --- Spanish ---
    ("es", "todos los días a las 9 durante los próximos 3 días", NEXT3_9, ["bounded"]),
    ("es", "todos los días a las 9 este mes", MONTH_9, ["bounded", "this-month"]),
    ("es", "cada noche a las 10 hasta finales de mes", MONTH_22, ["bounded", "end"]),
    ("es", "todas las noches a las 10 el resto del mes", MONTH_22, ["bounded", "rest-of"]),
    ("es", "todos los días a las 9 el resto de la semana", REST_OF_WEEK, ["bounded", "rest-of"]),
    ("es", "toda la semana a las 8", ALL_WEEK, ["bounded", "all-week"]),
    ("es", "la reunión diaria a las 9:30", DAILY_930, ["meeting"]),
    ("es", "every lunes a las 10", MON_10, ["english-mixed"]),
    ("es", "regar las plantas un día sí y otro no a las 19h", OTHER_DAY_19, ["every-other-day", "plants"]),
    ("es", "pagar la renta cada primero de mes a las 10", rep(["04-01 10:00", "05-01 10:00", "06-01 10:00"], "the first of every month"), ["rent", "monthly"]),
    ("es", "el segundo y cuarto jueves de cada mes a las 19h", THU_2_4, ["ordinal"]),
    ("es", "los próximos 5 días a las 7 de la tarde", FIVE_19, ["bounded", "no-every"]),
    ("es", "tres veces al día a las 8, 14 y 20 durante una semana", rep(["03-05 14:00", "03-05 20:00", "03-06 08:00"], last="03-12 08:00"), ["bounded", "medicine", "multi-time"]),
    ("es", "quincenal los lunes a las 10", {**EVERY_OTHER_MON_10, "ask": True, "note": "quincenal (every fortnight) with Mondays: every other Monday, or the question"}, ["biweekly"]),
    ("es", "todos los días a las 9 si llueve", IF_RAIN, ["condition"]),
    ("es", "recuérdame sacar la basura esta noche a las 9 y llamar a mamá mañana a las 10", TWO_TASKS, ["two-tasks"]),
    ("es", "recuerdame tomar la pastilla todos los dias a las 8 durante 10 dias", rep(days("08:00"), last="03-15 08:00"), ["bounded", "medicine", "no-accents"]),
    ("es", "a las 9 menos cuarto cada día", rep(days("08:45")), ["spoken-time"]),
    ("es", "el ultimo dia habil del mes a las 5 de la tarde", LAST_BUSINESS, ["last-business-day"]),
    ("es", "cada 8 horas por 7 dias", rep(["03-05 16:00", "03-06 00:00", "03-06 08:00"], last="03-12 08:00"), ["bounded", "medicine"]),
    # --- Portuguese ---
    ("pt", "me lembra de tomar o remedio todo dia as 8 por 10 dias", rep(days("08:00"), "'as' for 'às', typed without the accent", last="03-15 08:00"), ["bounded", "medicine", "no-accents"]),
    ("pt", "todos os dias às 9 nos próximos 3 dias", NEXT3_9, ["bounded"]),
    ("pt", "todo dia às 9 este mês", MONTH_9, ["bounded", "this-month"]),
    ("pt", "todo dia as 9 ate o final do mes", MONTH_9, ["bounded", "end", "no-accents"]),
    ("pt", "toda noite às 22h pelo resto do mês", MONTH_22, ["bounded", "rest-of"]),
    ("pt", "todo dia às 9h pelo resto da semana", REST_OF_WEEK, ["bounded", "rest-of"]),
    ("pt", "a semana toda às 8h", ALL_WEEK, ["bounded", "all-week"]),
    ("pt", "a reunião diária às 9h30", DAILY_930, ["meeting"]),
    ("pt", "every segunda às 10h", MON_10, ["english-mixed"]),
    ("pt", "regar as plantas dia sim dia não às 19h", OTHER_DAY_19, ["every-other-day", "plants"]),
    ("pt", "todo dia às 8 e um quarto", rep(days("08:15"), "e um quarto: a quarter past"), ["spoken-time"]),
    ("pt", "todo dia às quinze pras 9", rep(days("08:45"), "quinze pras 9: a quarter to nine"), ["spoken-time"]),
    ("pt", "quinzenalmente às segundas às 10h", {**EVERY_OTHER_MON_10, "ask": True, "note": "quinzenalmente with Mondays: every other Monday, or the question"}, ["biweekly"]),
    ("pt", "tomar o antibiótico de 12 em 12 horas por uma semana", TWELVE_H_WEEK, ["bounded", "medicine"]),
    ("pt", "me lembra amanha as 8 pfv", rep(["03-06 08:00"]), ["once", "no-accents"]),
    ("pt", "daqui meia hora", rep(["03-05 10:30"]), ["relative"]),
    ("pt", "nos próximos 5 dias às 19h", FIVE_19, ["bounded", "no-every"]),
    ("pt", "todo dia as 7 da manha ate sexta feira", rep(["03-06 07:00"], last="03-06 07:00"), ["bounded", "end", "no-accents"]),
    ("pt", "todo dia às 9h se chover", IF_RAIN, ["condition"]),
    ("pt", "me lembra de tirar o lixo hoje às 21h e de ligar pra mãe amanhã às 10h", TWO_TASKS, ["two-tasks"]),
    ("pt", "toda última sexta do mês às 17h", rep(["03-27 17:00", "04-24 17:00", "05-29 17:00"]), ["ordinal"]),
    # --- French ---
    ("fr", "tous les soirs à 22h pour le reste du mois", MONTH_22, ["bounded", "rest-of"]),
    ("fr", "tous les jours à 9h pour le reste de la semaine", REST_OF_WEEK, ["bounded", "rest-of"]),
    ("fr", "toute la semaine à 8h", ALL_WEEK, ["bounded", "all-week"]),
    ("fr", "les 5 prochains jours à 19h", FIVE_19, ["bounded", "no-every"]),
    ("fr", "la réunion quotidienne à 9h30", DAILY_930, ["meeting"]),
    ("fr", "every lundi à 10h", MON_10, ["english-mixed"]),
    ("fr", "arroser les plantes un jour sur deux à 19h", OTHER_DAY_19, ["every-other-day", "plants"]),
    ("fr", "bihebdomadaire le lundi à 9h", ask("bihebdomadaire is twice a week (and said for every two weeks): with one weekday, asked"), ["biweekly"]),
    ("fr", "tous les jours à 9h ce mois-ci", MONTH_9, ["bounded", "this-month"]),
    ("fr", "tous les jours à 9h jusqu'au 31", rep(days("09:00"), "until the 31st: of this month, included", last="03-31 09:00"), ["bounded", "end"]),
    ("fr", "toutes les 12h pendant une semaine", TWELVE_H_WEEK, ["bounded", "medicine"]),
    ("fr", "tous les samedis matin à 9h", SAT_9, ["weekly", "day-part"]),
    ("fr", "payer le loyer tous les 5 du mois à 9h", RENT_5, ["rent", "monthly"]),
    ("fr", "tous les derniers vendredis du mois à 17h", rep(["03-27 17:00", "04-24 17:00", "05-29 17:00"]), ["ordinal"]),
    ("fr", "les deuxième et quatrième jeudis du mois à 19h", THU_2_4, ["ordinal"]),
    ("fr", "tous les jours à 9h s'il pleut", IF_RAIN, ["condition"]),
    ("fr", "rappelle-moi de sortir la poubelle ce soir à 21h et d'appeler maman demain à 10h", TWO_TASKS, ["two-tasks"]),
    ("fr", "tous les jours à 9h pendant les 3 prochains jours", NEXT3_9, ["bounded"]),
    ("fr", "à midi et demie tous les jours", rep(days("12:30", "03-05")), ["spoken-time"]),
    ("fr", "rappelle moi de prendre mes medicaments tous les jours a 8h pendant 10 jours", rep(days("08:00"), last="03-15 08:00"), ["bounded", "medicine", "no-accents"]),
    # --- German ---
    ("de", "täglich um 9 Uhr in den nächsten drei Tagen", NEXT3_9, ["bounded"]),
    ("de", "jeden Tag um 9 Uhr diesen Monat", MONTH_9, ["bounded", "this-month"]),
    ("de", "jeden Tag um 9 Uhr bis Ende des Monats", MONTH_9, ["bounded", "end"]),
    ("de", "jeden Abend um 22 Uhr bis zum Monatsende", MONTH_22, ["bounded", "end"]),
    ("de", "jeden Abend um 22 Uhr für den Rest des Monats", MONTH_22, ["bounded", "rest-of"]),
    ("de", "jeden Tag um 9 für den Rest der Woche", REST_OF_WEEK, ["bounded", "rest-of"]),
    ("de", "die ganze Woche um 8", ALL_WEEK, ["bounded", "all-week"]),
    ("de", "das tägliche Meeting um 9:30", DAILY_930, ["meeting"]),
    ("de", "every Montag um 10", MON_10, ["english-mixed"]),
    ("de", "kinder abholen mo-fr um halb vier nachmittags", rep(["03-05 15:30", "03-06 15:30", "03-09 15:30"], "mo-fr: Monday to Friday; halb vier nachmittags: 15:30"), ["kids", "spoken-time"]),
    ("de", "14-tägig montags um 10 Uhr", {**EVERY_OTHER_MON_10, "note": "14-tägig: every two weeks, on Mondays"}, ["biweekly"]),
    ("de", "zweiwöchentlich am Montag um 10", {**EVERY_OTHER_MON_10, "note": "zweiwöchentlich: every two weeks, on Monday"}, ["biweekly"]),
    ("de", "Miete zahlen am 1. jeden Monats um 9 Uhr", RENT_1, ["rent", "monthly"]),
    ("de", "miete zahlen jeden ersten des monats um 9", RENT_1, ["rent", "monthly"]),
    ("de", "jeden Samstagmorgen um 9", SAT_9, ["weekly", "day-part"]),
    ("de", "jeden zweiten und vierten Donnerstag im Monat um 19 Uhr", THU_2_4, ["ordinal"]),
    ("de", "die nächsten 5 Tage um 19 Uhr", FIVE_19, ["bounded", "no-every"]),
    ("de", "jeden Tag um 9 bis zum 31.", rep(days("09:00"), "until the 31st: of this month, included", last="03-31 09:00"), ["bounded", "end"]),
    ("de", "jeden Tag um 9 Uhr ab morgen bis Freitag", ONLY_FRI_9, ["bounded", "start", "end"]),
    ("de", "jeden Tag um 9 wenn es regnet", IF_RAIN, ["condition"]),
    ("de", "erinnere mich heute Abend um 21 Uhr an den Müll und morgen um 10 Uhr an Mama", TWO_TASKS, ["two-tasks"]),
    ("de", "erinnere mich jeden Tag um 8 Uhr eine Woche lang an meine Tabletten", rep(days("08:00"), last="03-12 08:00"), ["bounded", "medicine"]),
    # --- Italian ---
    ("it", "pagare l'affitto ogni 5 del mese alle 9", RENT_5, ["rent", "monthly"]),
    ("it", "tutti gli anni il 12 giugno alle 9", rep(["06-12 09:00", "2027-06-12 09:00", "2028-06-12 09:00"], "every year on 12 June, never once"), ["yearly", "birthday"]),
    ("it", "il secondo e il quarto giovedì del mese alle 19", THU_2_4, ["ordinal"]),
    ("it", "annaffiare le piante a giorni alterni alle 19", OTHER_DAY_19, ["every-other-day", "plants"]),
    ("it", "annaffiare le piante un giorno sì e uno no alle 19", OTHER_DAY_19, ["every-other-day", "plants"]),
    ("it", "ogni sera alle 22 per il resto del mese", MONTH_22, ["bounded", "rest-of"]),
    ("it", "ogni giorno alle 9 per il resto della settimana", REST_OF_WEEK, ["bounded", "rest-of"]),
    ("it", "tutta la settimana alle 8", ALL_WEEK, ["bounded", "all-week"]),
    ("it", "every lunedì alle 10", MON_10, ["english-mixed"]),
    ("it", "la riunione quotidiana alle 9:30", DAILY_930, ["meeting"]),
    ("it", "tutti i giorni alle 9 nei prossimi tre giorni", NEXT3_9, ["bounded"]),
    ("it", "ogni giorno alle 9 questo mese", MONTH_9, ["bounded", "this-month"]),
    ("it", "ogni giorno alle 9 fino a fine mese", MONTH_9, ["bounded", "end"]),
    ("it", "ogni giorno alle 9 fino al 31", rep(days("09:00"), "until the 31st: of this month, included", last="03-31 09:00"), ["bounded", "end"]),
    ("it", "i prossimi 5 giorni alle 19", FIVE_19, ["bounded", "no-every"]),
    ("it", "ogni sabato mattina alle 9", SAT_9, ["weekly", "day-part"]),
    ("it", "buttare la spazzatura il martedì sera alle 20", rep(["03-10 20:00", "03-17 20:00", "03-24 20:00"], "il martedì: every Tuesday, as 'la domenica' is read"), ["weekly", "day-part", "trash"]),
    ("it", "palestra lun mer ven alle 7", rep(["03-06 07:00", "03-09 07:00", "03-11 07:00"]), ["weekly", "gym"]),
    ("it", "domattina alle 7", rep(["03-06 07:00"], "domattina: tomorrow morning"), ["once"]),
    ("it", "alle 8 e quaranta ogni giorno", rep(days("08:40")), ["spoken-time"]),
    ("it", "ogni giorno alle 9 da domani fino a venerdì", ONLY_FRI_9, ["bounded", "start", "end"]),
    ("it", "ogni 15 giorni il lunedì alle 10", {**EVERY_OTHER_MON_10, "ask": True, "note": "ogni 15 giorni (a fortnight) with Mondays: every other Monday, or the question"}, ["biweekly"]),
    ("it", "ogni giorno alle 9 se piove", IF_RAIN, ["condition"]),
    # --- Hindi, Latin script ---
    ("hi-Latn", "agle teen din roz subah 9 baje", NEXT3_9, ["bounded"]),
    ("hi-Latn", "agle 3 din subah 9 baje yaad dilana", rep(days("09:00"), "the next 3 days with a time: daily, or the question", last="03-08 09:00", ask=True), ["bounded", "no-every"]),
    ("hi-Latn", "is mahine roz subah 9 baje", MONTH_9, ["bounded", "this-month"]),
    ("hi-Latn", "mahine ke baaki din roz raat 10 baje", MONTH_22, ["bounded", "rest-of"]),
    ("hi-Latn", "mahine ke ant tak roz subah 9 baje", MONTH_9, ["bounded", "end"]),
    ("hi-Latn", "roz 8 am", rep(days("08:00")), ["daily", "english-mixed"]),
    ("hi-Latn", "poore hafte subah 8 baje", ALL_WEEK, ["bounded", "all-week"]),
    ("hi-Latn", "every monday subah 10 baje", MON_10, ["english-mixed"]),
    ("hi-Latn", "monday se friday 3:30 pm bacchon ko school se lena", rep(["03-05 15:30", "03-06 15:30", "03-09 15:30"]), ["kids", "english-mixed"]),
    ("hi-Latn", "ek din chhod ke shaam 7 baje paani dena", OTHER_DAY_19, ["every-other-day", "plants"]),
    ("hi-Latn", "kal se shukravar tak roz subah 9 baje", ONLY_FRI_9, ["bounded", "start", "end"]),
    ("hi-Latn", "har 3 mahine 1 tarikh ko subah 9 baje", rep(["04-01 09:00", "07-01 09:00", "10-01 09:00"]), ["monthly"]),
    ("hi-Latn", "har 12 ghante mein antibiotic ek hafte ke liye", TWELVE_H_WEEK, ["bounded", "medicine"]),
    ("hi-Latn", "roz subah 9 baje 2 hafte ke liye", rep(days("09:00"), last="03-19 09:00"), ["bounded"]),
    ("hi-Latn", "31 tarikh tak roz subah 9 baje", rep(days("09:00"), "until the 31st: of this month, included", last="03-31 09:00"), ["bounded", "end"]),
    ("hi-Latn", "agar baarish ho to roz subah 9 baje", IF_RAIN, ["condition"]),
    ("hi-Latn", "aaj raat 9 baje kachra aur kal subah 10 baje mummy ko call", TWO_TASKS, ["two-tasks"]),
    ("hi-Latn", "roz subah 8 baje ek hafte tak dawai yaad dilana", rep(days("08:00"), last="03-12 08:00"), ["bounded", "medicine"]),
    ("hi-Latn", "roz paune nau baje", rep(days("08:45")), ["spoken-time"]),
    # --- Hindi, Devanagari ---
    ("hi-Deva", "अगले तीन दिन रोज़ सुबह 9 बजे", NEXT3_9, ["bounded"]),
    ("hi-Deva", "इस महीने रोज़ सुबह 9 बजे", MONTH_9, ["bounded", "this-month"]),
    ("hi-Deva", "महीने के आखिर तक रोज़ रात 10 बजे", MONTH_22, ["bounded", "end"]),
    ("hi-Deva", "रोज़ सुबह 8 बजे एक हफ्ते तक दवाई", rep(days("08:00"), last="03-12 08:00"), ["bounded", "medicine"]),
    ("hi-Deva", "रोज़ सुबह पौने नौ बजे", rep(days("08:45")), ["spoken-time"]),
    ("hi-Deva", "हर दो हफ्ते शुक्रवार को शाम 5 बजे", rep(["03-06 17:00", "03-20 17:00", "04-03 17:00"]), ["biweekly"]),
    # --- a second sweep, after the first fixes: vague lengths, more ways to say the rest of the month, this week ---
    ("en", "every day at 8am for a couple of days", VAGUE_LENGTH, ["bounded", "vague-length"]),
    ("en", "every day at 8am for a few days", VAGUE_LENGTH, ["bounded", "vague-length"]),
    ("en", "every evening at 6 for the next fortnight", rep(days("18:00", "03-05"), "a fortnight: 14 days, until 19 March, 10:00", last="03-18 18:00"), ["bounded", "fortnight"]),
    ("en", "remind me every morning at 7:30 this week", THIS_WEEK_730, ["bounded", "this-week"]),
    ("en", "every tuesday and thursday at 6pm for a month", rep(["03-05 18:00", "03-10 18:00", "03-12 18:00"], "a month: until 5 April, 10:00", last="04-02 18:00"), ["bounded", "weekly"]),
    ("es", "todos los días a las 8 durante unos días", VAGUE_LENGTH, ["bounded", "vague-length"]),
    ("es", "todos los dias a las 9 lo que queda de mes", MONTH_9, ["bounded", "rest-of", "no-accents"]),
    ("es", "todos los días a las 9 hasta el fin de semana", ask("until the weekend: before it, or through Sunday? asked (the policy)"), ["bounded", "end"]),
    ("es", "cada 4 horas durante las próximas 24 horas", FOUR_H_DAY, ["bounded"]),
    ("pt", "toda manhã às 7h30 esta semana", THIS_WEEK_730, ["bounded", "this-week"]),
    ("pt", "todo dia às 9h durante uns dias", VAGUE_LENGTH, ["bounded", "vague-length"]),
    ("pt", "todo dia às 7h até o dia 15", rep(days("07:00"), last="03-15 07:00"), ["bounded", "end"]),
    ("fr", "tous les jours à 9h d'ici la fin du mois", MONTH_9, ["bounded", "end"]),
    ("fr", "chaque jour à 9h pour le mois", ask("for the month: this month, or a month from now? asked, never without an end"), ["bounded"]),
    ("fr", "toutes les 4 heures pendant les prochaines 24 heures", FOUR_H_DAY, ["bounded"]),
    ("fr", "tous les dimanches à 18h jusqu'à fin mai", SUN_18_MAY, ["bounded", "end"]),
    ("de", "täglich um 9 Uhr für den restlichen Monat", MONTH_9, ["bounded", "rest-of"]),
    ("de", "jeden Tag um 9 Uhr im restlichen Monat", MONTH_9, ["bounded", "rest-of"]),
    ("de", "jeden Sonntag um 18 Uhr bis Ende Mai", SUN_18_MAY, ["bounded", "end"]),
    ("it", "ogni mattina alle 7 e mezza questa settimana", THIS_WEEK_730, ["bounded", "this-week"]),
    ("it", "ogni giorno alle 9 fino alla fine della settimana", ask("until the end of the week: Friday or Sunday? asked"), ["bounded", "end"]),
    ("it", "ogni domenica alle 18 fino a fine maggio", SUN_18_MAY, ["bounded", "end"]),
    ("hi-Latn", "is hafte roz subah 7:30 baje", THIS_WEEK_730, ["bounded", "this-week"]),
    ("hi-Latn", "roz subah 9 baje mahine bhar", ask("mahine bhar: this month, or a month from now? asked, never without an end"), ["bounded"]),
    ("hi-Latn", "roz subah 7 baje 15 tarikh tak", rep(days("07:00"), "until the 15th: of this month, included", last="03-15 07:00"), ["bounded", "end"]),
    ("hi-Latn", "har ravivar shaam 6 baje may ke ant tak", SUN_18_MAY, ["bounded", "end"]),
    ("hi-Latn", "har 4 ghante agle 24 ghante tak", FOUR_H_DAY, ["bounded"]),
]

if __name__ == "__main__":
    print_new_rows(R, "twentyone", "tuning21")
