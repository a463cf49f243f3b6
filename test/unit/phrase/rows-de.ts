import { table } from "./table.js";

const NY = "America/New_York";

// Thursday 5 March 2026, 10:07:30 in Berlin (CET, UTC+1). Clocks spring forward on 29 March.
const t = table("de", "Europe/Berlin", "2026-03-05T09:07:30Z");

t.fires("jeden Tag um 8 Uhr", ["2026-03-06T07:00:00Z", "2026-03-07T07:00:00Z", "2026-03-08T07:00:00Z"]);
t.fires("täglich um 20:00", ["2026-03-05T19:00:00Z", "2026-03-06T19:00:00Z", "2026-03-07T19:00:00Z"]);
t.fires("morgen um 9 Uhr", ["2026-03-06T08:00:00Z"]);
t.fires("jeden Montag und Donnerstag um 7:30", ["2026-03-09T06:30:00Z", "2026-03-12T06:30:00Z", "2026-03-16T06:30:00Z"]);
t.fires("montags und donnerstags um 18 Uhr", ["2026-03-05T17:00:00Z", "2026-03-09T17:00:00Z", "2026-03-12T17:00:00Z"]);
t.fires("werktags um 7 Uhr", ["2026-03-06T06:00:00Z", "2026-03-09T06:00:00Z", "2026-03-10T06:00:00Z"]);
t.fires("in 20 Minuten", ["2026-03-05T09:27:30Z"]);
t.fires("in einer Stunde", ["2026-03-05T10:07:30Z"]);
t.fires("alle 15 Minuten", ["2026-03-05T09:15:00Z", "2026-03-05T09:30:00Z", "2026-03-05T09:45:00Z"]);
t.fires("alle zwei Stunden", ["2026-03-05T11:00:00Z", "2026-03-05T13:00:00Z", "2026-03-05T15:00:00Z"]);
t.fires("jeden zweiten Dienstag um 10 Uhr", ["2026-03-10T09:00:00Z", "2026-03-24T09:00:00Z", "2026-04-07T08:00:00Z"]);
t.fires("alle 3 Tage um 8 Uhr", ["2026-03-06T07:00:00Z", "2026-03-09T07:00:00Z", "2026-03-12T07:00:00Z"]);
t.fires("am 1. jedes Monats um 9 Uhr", ["2026-04-01T07:00:00Z", "2026-05-01T07:00:00Z", "2026-06-01T07:00:00Z"]);
t.fires("jeden Monat am 15. um 9 Uhr", ["2026-03-15T08:00:00Z", "2026-04-15T07:00:00Z", "2026-05-15T07:00:00Z"]);
t.fires("jedes Jahr am 3. März um 9 Uhr", ["2027-03-03T08:00:00Z", "2028-03-03T08:00:00Z", "2029-03-03T08:00:00Z"]);
t.fires("heute Abend", ["2026-03-05T19:00:00Z"]);
t.fires("am Freitag um 15 Uhr", ["2026-03-06T14:00:00Z"]);
t.fires("nächsten Freitag um 12 Uhr", ["2026-03-13T11:00:00Z"]);
t.fires("jeden Morgen um 7", ["2026-03-06T06:00:00Z", "2026-03-07T06:00:00Z", "2026-03-08T06:00:00Z"]);
t.fires("übermorgen um 10 Uhr", ["2026-03-07T09:00:00Z"]);
t.fires("um halb 9", ["2026-03-06T07:30:00Z"]);
t.fires("morgen früh um 7", ["2026-03-06T06:00:00Z"]);
t.fires("um 9 Uhr Londoner Zeit", ["2026-03-06T09:00:00Z"]);
t.fires("Jeden Tag um 8 Uhr, fasse die Finanznachrichten zusammen.", ["2026-03-06T07:00:00Z", "2026-03-07T07:00:00Z", "2026-03-08T07:00:00Z"], {
  matched: "Jeden Tag um 8 Uhr",
});
t.fires("um 8 Uhr abends", ["2026-03-05T19:00:00Z"]);
t.fires("jedes Wochenende um 10 Uhr", ["2026-03-07T09:00:00Z", "2026-03-08T09:00:00Z", "2026-03-14T09:00:00Z"]);
t.fires("stündlich", ["2026-03-05T10:00:00Z", "2026-03-05T11:00:00Z", "2026-03-05T12:00:00Z"]);
t.fires("täglich um 2:30 Uhr", ["2026-03-07T07:30:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"], { timezone: NY, now: "2026-03-06T12:00:00Z" });
t.fires("Erinnere mich morgen um 17 Uhr an den Termin", ["2026-03-06T16:00:00Z"], { matched: "morgen um 17 Uhr" });
t.fires("jeden Tag um Mitternacht", ["2026-03-05T23:00:00Z", "2026-03-06T23:00:00Z", "2026-03-07T23:00:00Z"]);
t.immediate("jetzt");
t.immediate("sofort");
t.refuses("später", "ambiguous_schedule");
t.refuses("nächste Woche", "ambiguous_schedule");
t.refuses("jeden Morgen", "ambiguous_schedule");
t.refuses("am Wochenende um 10", "ambiguous_schedule");
t.refuses("gestern um 5", "in_the_past");

// The last day and the n-th weekday of the month (cron L and #), windows
t.fires("am letzten Tag des Monats um 9 Uhr", ["2026-03-31T07:00:00Z", "2026-04-30T07:00:00Z", "2026-05-31T07:00:00Z"], { now: "2026-03-05T15:07:30Z" });
t.fires("jeden ersten Montag im Monat um 9 Uhr", ["2026-04-06T07:00:00Z", "2026-05-04T07:00:00Z", "2026-06-01T07:00:00Z"], { now: "2026-03-05T15:07:30Z" });
t.fires("stündlich von 9 bis 17 Uhr", ["2026-03-05T16:00:00Z", "2026-03-06T08:00:00Z", "2026-03-06T09:00:00Z"], { now: "2026-03-05T15:07:30Z" });

t.fires("14.3. um 12", ["2026-03-14T11:00:00Z"]);
t.fires("zweimal am Tag, um 8 und um 20 Uhr", ["2026-03-05T19:00:00Z", "2026-03-06T07:00:00Z", "2026-03-06T19:00:00Z"]);
t.refuses("letzten Freitag um 9", "ambiguous_schedule");
export const deRows = t.rows;
