import { table } from "./table.js";

const NY = "America/New_York";

// Thursday 5 March 2026, 10:07:30 in Madrid (CET, UTC+1). Clocks spring forward on 29 March.
const t = table("es", "Europe/Madrid", "2026-03-05T09:07:30Z");

t.fires("todos los días a las 8", ["2026-03-06T07:00:00Z", "2026-03-07T07:00:00Z", "2026-03-08T07:00:00Z"]);
t.fires("mañana a las 9", ["2026-03-06T08:00:00Z"]);
t.fires("cada día a las 7:30", ["2026-03-06T06:30:00Z", "2026-03-07T06:30:00Z", "2026-03-08T06:30:00Z"]);
t.fires("los lunes y jueves a las 8 de la mañana", ["2026-03-09T07:00:00Z", "2026-03-12T07:00:00Z", "2026-03-16T07:00:00Z"]);
t.fires("de lunes a viernes a las 9", ["2026-03-06T08:00:00Z", "2026-03-09T08:00:00Z", "2026-03-10T08:00:00Z"]);
t.fires("en 20 minutos", ["2026-03-05T09:27:30Z"]);
t.fires("dentro de dos horas", ["2026-03-05T11:07:30Z"]);
t.fires("cada 15 minutos", ["2026-03-05T09:15:00Z", "2026-03-05T09:30:00Z", "2026-03-05T09:45:00Z"]);
t.fires("cada dos martes a las 10", ["2026-03-10T09:00:00Z", "2026-03-24T09:00:00Z", "2026-04-07T08:00:00Z"]);
t.fires("el día 1 de cada mes a las 9", ["2026-04-01T07:00:00Z", "2026-05-01T07:00:00Z", "2026-06-01T07:00:00Z"]);
t.fires("cada año el 3 de marzo a las 9", ["2027-03-03T08:00:00Z", "2028-03-03T08:00:00Z", "2029-03-03T08:00:00Z"]);
t.fires("esta noche", ["2026-03-05T19:00:00Z"]);
t.fires("el viernes a las 3 de la tarde", ["2026-03-06T14:00:00Z"]);
t.fires("el próximo viernes al mediodía", ["2026-03-13T11:00:00Z"]);
t.fires("todas las mañanas a las 7", ["2026-03-06T06:00:00Z", "2026-03-07T06:00:00Z", "2026-03-08T06:00:00Z"]);
t.fires("pasado mañana a las 10", ["2026-03-07T09:00:00Z"]);
t.fires("a las 8 hora de Madrid", ["2026-03-06T07:00:00Z"]);
t.fires("cada 3 días a las 8", ["2026-03-06T07:00:00Z", "2026-03-09T07:00:00Z", "2026-03-12T07:00:00Z"]);
t.fires("los fines de semana a las 10", ["2026-03-07T09:00:00Z", "2026-03-08T09:00:00Z", "2026-03-14T09:00:00Z"]);
t.fires("Todos los días a las 8, resume las noticias financieras.", ["2026-03-06T07:00:00Z", "2026-03-07T07:00:00Z", "2026-03-08T07:00:00Z"], {
  matched: "Todos los días a las 8",
});
t.fires("a las 9 y media de la noche", ["2026-03-05T20:30:00Z"]);
t.fires("cada hora", ["2026-03-05T10:00:00Z", "2026-03-05T11:00:00Z", "2026-03-05T12:00:00Z"]);
t.fires("todos los viernes a las 18:00", ["2026-03-06T17:00:00Z", "2026-03-13T17:00:00Z", "2026-03-20T17:00:00Z"]);
t.fires("mañana por la mañana a las 8", ["2026-03-06T07:00:00Z"]);
t.fires("todos los días a las 2:30", ["2026-03-28T01:30:00Z", "2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"], { now: "2026-03-27T12:00:00Z" });
t.fires("todos los días a las 2:30 de la madrugada", ["2026-03-07T07:30:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"], {
  timezone: NY,
  now: "2026-03-06T12:00:00Z",
});
t.fires("todos los días a las 8 de la mañana y a las 8 de la noche", ["2026-03-05T19:00:00Z", "2026-03-06T07:00:00Z", "2026-03-06T19:00:00Z"]);
t.fires("Recuérdame llamar a mamá mañana a las 5 de la tarde", ["2026-03-06T16:00:00Z"], { matched: "mañana a las 5 de la tarde" });
t.immediate("ahora");
t.immediate("ahora mismo");
t.refuses("más tarde", "ambiguous_schedule");
t.refuses("la próxima semana", "ambiguous_schedule");
t.refuses("todas las mañanas", "ambiguous_schedule");
t.refuses("mañana", "ambiguous_schedule");
t.refuses("ayer a las 5", "in_the_past");

// The last day and the n-th weekday of the month (cron L and #), windows
t.fires("el último día de cada mes a las 9", ["2026-03-31T07:00:00Z", "2026-04-30T07:00:00Z", "2026-05-31T07:00:00Z"], { now: "2026-03-05T15:07:30Z" });
t.fires("el primer lunes de cada mes a las 9", ["2026-04-06T07:00:00Z", "2026-05-04T07:00:00Z", "2026-06-01T07:00:00Z"], { now: "2026-03-05T15:07:30Z" });
t.fires("cada hora de 9 a 17", ["2026-03-05T16:00:00Z", "2026-03-06T08:00:00Z", "2026-03-06T09:00:00Z"], { now: "2026-03-05T15:07:30Z" });

t.fires("cada fin de semana a las 11", ["2026-03-07T10:00:00Z", "2026-03-08T10:00:00Z", "2026-03-14T10:00:00Z"]);
t.fires("dos veces al día, a las 9 y a las 21", ["2026-03-05T20:00:00Z", "2026-03-06T08:00:00Z", "2026-03-06T20:00:00Z"]);
export const esRows = t.rows;
