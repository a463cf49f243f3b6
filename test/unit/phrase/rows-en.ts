import { table } from "./table.js";

// Thursday 5 March 2026, 10:07:30 in New York (EST, UTC-5). Clocks spring forward on Sunday 8 March.
const NY = "America/New_York";
const t = table("en", NY, "2026-03-05T15:07:30Z");

// Daily, weekdays, weekends, named weekdays
t.fires("every day at 8am", ["2026-03-06T13:00:00Z", "2026-03-07T13:00:00Z", "2026-03-08T12:00:00Z"]);
t.fires("Every day at 8am, summarize the latest finance news for me.", ["2026-03-06T13:00:00Z", "2026-03-07T13:00:00Z", "2026-03-08T12:00:00Z"], {
  matched: "Every day at 8am",
});
t.fires("daily at 20:00", ["2026-03-06T01:00:00Z", "2026-03-07T01:00:00Z", "2026-03-08T01:00:00Z"]);
t.fires("every weekday at 8am", ["2026-03-06T13:00:00Z", "2026-03-09T12:00:00Z", "2026-03-10T12:00:00Z"]);
t.fires("on weekdays at 6:45pm", ["2026-03-05T23:45:00Z", "2026-03-06T23:45:00Z", "2026-03-09T22:45:00Z"]);
t.fires("on weekends at 10am", ["2026-03-07T15:00:00Z", "2026-03-08T14:00:00Z", "2026-03-14T14:00:00Z"]);
t.fires("every Monday and Thursday at 7:30", ["2026-03-09T11:30:00Z", "2026-03-12T11:30:00Z", "2026-03-16T11:30:00Z"]);
t.fires("every Monday and Thursday at 7:30pm", ["2026-03-06T00:30:00Z", "2026-03-09T23:30:00Z", "2026-03-12T23:30:00Z"]);
t.fires("every Tuesday at noon", ["2026-03-10T16:00:00Z", "2026-03-17T16:00:00Z", "2026-03-24T16:00:00Z"]);
t.fires("every Mon, Wed and Fri at 9am", ["2026-03-06T14:00:00Z", "2026-03-09T13:00:00Z", "2026-03-11T13:00:00Z"]);
t.fires("every Friday at 5 pm", ["2026-03-06T22:00:00Z", "2026-03-13T21:00:00Z", "2026-03-20T21:00:00Z"]);
t.fires("on Mondays at 9am", ["2026-03-09T13:00:00Z", "2026-03-16T13:00:00Z", "2026-03-23T13:00:00Z"]);
t.fires("every Mon-Fri at 6:45pm", ["2026-03-05T23:45:00Z", "2026-03-06T23:45:00Z", "2026-03-09T22:45:00Z"]);
t.fires("every morning at 7", ["2026-03-06T12:00:00Z", "2026-03-07T12:00:00Z", "2026-03-08T11:00:00Z"]);
t.fires("every evening at 6", ["2026-03-05T23:00:00Z", "2026-03-06T23:00:00Z", "2026-03-07T23:00:00Z"]);
t.fires("every night at 11", ["2026-03-06T04:00:00Z", "2026-03-07T04:00:00Z", "2026-03-08T04:00:00Z"]);
t.fires("every weekday morning at 8:15", ["2026-03-06T13:15:00Z", "2026-03-09T12:15:00Z", "2026-03-10T12:15:00Z"]);
t.fires("every Monday at 8am and 6pm", ["2026-03-09T12:00:00Z", "2026-03-09T22:00:00Z", "2026-03-16T12:00:00Z"]);
t.fires("every day at midnight", ["2026-03-06T05:00:00Z", "2026-03-07T05:00:00Z", "2026-03-08T05:00:00Z"]);
t.fires("every Sunday at half past 9 in the morning", ["2026-03-08T13:30:00Z", "2026-03-15T13:30:00Z", "2026-03-22T13:30:00Z"]);

// Every N minutes / hours: aligned to the clock when N divides the hour (or day)
t.fires("every 15 minutes", ["2026-03-05T15:15:00Z", "2026-03-05T15:30:00Z", "2026-03-05T15:45:00Z"]);
t.fires("every 2 hours", ["2026-03-05T17:00:00Z", "2026-03-05T19:00:00Z", "2026-03-05T21:00:00Z"]);
t.fires("every hour", ["2026-03-05T16:00:00Z", "2026-03-05T17:00:00Z", "2026-03-05T18:00:00Z"]);
t.fires("hourly", ["2026-03-05T16:00:00Z", "2026-03-05T17:00:00Z", "2026-03-05T18:00:00Z"]);
t.fires("every 90 minutes", ["2026-03-05T16:37:00Z", "2026-03-05T18:07:00Z", "2026-03-05T19:37:00Z"]);
t.fires("every half hour", ["2026-03-05T15:30:00Z", "2026-03-05T16:00:00Z", "2026-03-05T16:30:00Z"]);
t.fires("every 30 minutes starting at 9pm", ["2026-03-06T02:00:00Z", "2026-03-06T02:30:00Z", "2026-03-06T03:00:00Z"]);
t.fires("every 2 hours on weekdays", ["2026-03-05T17:00:00Z", "2026-03-05T19:00:00Z", "2026-03-05T21:00:00Z"]);

// Every N days / weeks / months, anchored at the first run
t.fires("every 3 days at 8am", ["2026-03-06T13:00:00Z", "2026-03-09T12:00:00Z", "2026-03-12T12:00:00Z"]);
t.fires("every other day at 6pm", ["2026-03-05T23:00:00Z", "2026-03-07T23:00:00Z", "2026-03-09T22:00:00Z"]);
t.fires("every other Tuesday at 9am", ["2026-03-10T13:00:00Z", "2026-03-24T13:00:00Z", "2026-04-07T13:00:00Z"]);
t.fires("every 2 weeks on Monday at 9am", ["2026-03-09T13:00:00Z", "2026-03-23T13:00:00Z", "2026-04-06T13:00:00Z"]);
t.fires("every 2 months on the 10th at 9am", ["2026-03-10T13:00:00Z", "2026-05-10T13:00:00Z", "2026-07-10T13:00:00Z"]);

// Monthly and yearly
t.fires("on the 1st of every month at 9am", ["2026-04-01T13:00:00Z", "2026-05-01T13:00:00Z", "2026-06-01T13:00:00Z"]);
t.fires("every month on the 15th at 10am", ["2026-03-15T14:00:00Z", "2026-04-15T14:00:00Z", "2026-05-15T14:00:00Z"]);
t.fires("monthly on the 5th at 9am", ["2026-04-05T13:00:00Z", "2026-05-05T13:00:00Z", "2026-06-05T13:00:00Z"]);
t.fires("every year on March 3 at 9am", ["2027-03-03T14:00:00Z", "2028-03-03T14:00:00Z", "2029-03-03T14:00:00Z"]);
t.fires("every December 25th at 8am", ["2026-12-25T13:00:00Z", "2027-12-25T13:00:00Z", "2028-12-25T13:00:00Z"]);

// One-off
t.fires("in 20 minutes", ["2026-03-05T15:27:30Z"]);
t.fires("in 2 hours", ["2026-03-05T17:07:30Z"]);
t.fires("in an hour", ["2026-03-05T16:07:30Z"]);
t.fires("in an hour and a half", ["2026-03-05T16:37:30Z"]);
t.fires("half an hour from now", ["2026-03-05T15:37:30Z"]);
t.fires("twice a day at 9 and 21", ["2026-03-06T02:00:00Z", "2026-03-06T14:00:00Z", "2026-03-07T02:00:00Z"]);
t.fires("next tues at 10", ["2026-03-10T14:00:00Z"]);
t.fires("each weekday @ 7:30am", ["2026-03-06T12:30:00Z", "2026-03-09T11:30:00Z", "2026-03-10T11:30:00Z"]);
t.fires("every mon wed fri at 6pm", ["2026-03-06T23:00:00Z", "2026-03-09T22:00:00Z", "2026-03-11T22:00:00Z"]);
t.fires("in 3 days at 9am", ["2026-03-08T13:00:00Z"]);
t.fires("tomorrow at 9", ["2026-03-06T14:00:00Z"]);
t.fires("tomorrow at 9pm", ["2026-03-07T02:00:00Z"]);
t.fires("next Friday at noon", ["2026-03-13T16:00:00Z"]);
t.fires("tonight", ["2026-03-06T01:00:00Z"]);
t.fires("tonight at 9", ["2026-03-06T02:00:00Z"]);
t.fires("today at 5pm", ["2026-03-05T22:00:00Z"]);
t.fires("at 9am", ["2026-03-06T14:00:00Z"]);
t.fires("at 3pm", ["2026-03-05T20:00:00Z"]);
t.fires("at midnight", ["2026-03-06T05:00:00Z"]);
t.fires("Friday at 3pm", ["2026-03-06T20:00:00Z"]);
t.fires("Thursday at 9am", ["2026-03-12T13:00:00Z"]);
t.fires("on March 20 at 10am", ["2026-03-20T14:00:00Z"]);
t.fires("tomorrow morning at 8", ["2026-03-06T13:00:00Z"]);
t.fires("Tomorrow at 9:30, remind me to call the bank", ["2026-03-06T14:30:00Z"], { matched: "Tomorrow at 9:30" });
t.fires("Friday at 3pm", ["2026-03-06T20:00:00Z"], { now: "2026-03-06T18:00:00Z" });
t.fires("at 12am", ["2026-03-06T05:00:00Z"]);
t.fires("at 12pm", ["2026-03-05T17:00:00Z"]);
t.fires("the day after tomorrow at 10am", ["2026-03-07T15:00:00Z"]);
t.fires("every day at 8 in the morning and 8 in the evening", ["2026-03-06T01:00:00Z", "2026-03-06T13:00:00Z", "2026-03-07T01:00:00Z"]);
t.fires("every first of the month at 9am", ["2026-04-01T13:00:00Z", "2026-05-01T13:00:00Z", "2026-06-01T13:00:00Z"]);
t.immediate("now");
t.immediate("right away");

// Explicit zones override the user's zone
t.fires("at 9am London time", ["2026-03-06T09:00:00Z"]);
t.fires("every day at 9am London time", ["2026-03-06T09:00:00Z", "2026-03-07T09:00:00Z", "2026-03-08T09:00:00Z"]);
t.fires("9am PST", ["2026-03-05T17:00:00Z"]);
t.fires("every weekday at 9am Tokyo time", ["2026-03-06T00:00:00Z", "2026-03-09T00:00:00Z", "2026-03-10T00:00:00Z"]);
t.fires("tomorrow at 10:00 UTC", ["2026-03-06T10:00:00Z"]);
t.fires("every day at 8am Europe/Berlin", ["2026-03-06T07:00:00Z", "2026-03-07T07:00:00Z", "2026-03-08T07:00:00Z"]);

// DST: a daily 02:30 meets the spring gap (runs at the transition, 03:00 EDT) ...
t.fires("every day at 2:30am", ["2026-03-07T07:30:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"], { now: "2026-03-06T12:00:00Z" });
t.fires("tomorrow at 2:30am", ["2026-03-08T07:00:00Z"], { now: "2026-03-07T12:00:00Z" });
// ... and in the fall 02:30 happens once while 01:30 happens twice (the first is kept)
t.fires("every day at 2:30am", ["2026-10-31T06:30:00Z", "2026-11-01T07:30:00Z", "2026-11-02T07:30:00Z"], { now: "2026-10-30T12:00:00Z" });
t.fires("every day at 1:30am", ["2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"], { now: "2026-10-30T12:00:00Z" });
t.fires("tomorrow at 1:30am", ["2026-11-01T05:30:00Z"], { now: "2026-10-31T12:00:00Z" });
t.fires("every other Sunday at 1:30am", ["2026-11-01T05:30:00Z", "2026-11-15T06:30:00Z", "2026-11-29T06:30:00Z"], { now: "2026-10-30T12:00:00Z" });
t.fires("every 2 hours", ["2026-03-08T01:00:00Z", "2026-03-08T03:00:00Z", "2026-03-08T05:00:00Z"], { now: "2026-03-07T23:30:00Z" });
t.fires("every day at 2:30am", ["2026-04-03T15:30:00Z", "2026-04-04T15:30:00Z", "2026-04-05T16:30:00Z"], {
  timezone: "Australia/Sydney",
  now: "2026-04-03T00:00:00Z",
});

// Month ends
t.fires("on the 28th of every month at 9am", ["2026-02-28T14:00:00Z", "2026-03-28T13:00:00Z", "2026-04-28T13:00:00Z"], { now: "2026-01-30T15:00:00Z" });
t.fires("in 1 month", ["2026-02-28T15:00:00Z"], { now: "2026-01-31T15:00:00Z" });
t.fires("on the 1st of every month at 00:05", ["2026-02-01T05:05:00Z", "2026-03-01T05:05:00Z", "2026-04-01T04:05:00Z"], { now: "2026-01-31T15:00:00Z" });

// The last day and the n-th weekday of the month (cron L and #), windows, several minutes
t.fires("on the last day of the month at 9", ["2026-03-31T13:00:00Z", "2026-04-30T13:00:00Z", "2026-05-31T13:00:00Z"]);
t.fires("the first Monday of every month at 9", ["2026-04-06T13:00:00Z", "2026-05-04T13:00:00Z", "2026-06-01T13:00:00Z"]);
t.fires("every hour from 9am to 5pm", ["2026-03-05T16:00:00Z", "2026-03-05T17:00:00Z", "2026-03-05T18:00:00Z"]);
t.fires("every day at 8am and 6:30pm", ["2026-03-05T23:30:00Z", "2026-03-06T13:00:00Z", "2026-03-06T23:30:00Z"]);

// A default time, when configured, fills "every morning" and "tomorrow" but not "every evening"
t.fires("every morning", ["2026-03-06T13:00:00Z", "2026-03-07T13:00:00Z", "2026-03-08T12:00:00Z"], { defaultTime: { hour: 8, minute: 0 } });
t.fires("tomorrow", ["2026-03-06T13:00:00Z"], { defaultTime: { hour: 8, minute: 0 } });
t.refuses("every evening", "ambiguous_schedule", { defaultTime: { hour: 8, minute: 0 } });

// Refusals: vague, past, too far, unknown zone
t.refuses("remind me later", "ambiguous_schedule");
t.refuses("sometime next week", "ambiguous_schedule");
t.refuses("next week at 9am", "ambiguous_schedule");
t.refuses("every morning", "ambiguous_schedule");
t.refuses("every day", "ambiguous_schedule");
t.refuses("tomorrow", "ambiguous_schedule");
t.refuses("every week", "ambiguous_schedule");
t.refuses("every month at 9am", "ambiguous_schedule");
t.refuses("soon", "ambiguous_schedule");
t.refuses("twice a day", "ambiguous_schedule");
t.refuses("sometime in April at 9am", "ambiguous_schedule");
t.refuses("please summarize the news", "ambiguous_schedule");
t.refuses("yesterday at 5", "in_the_past");
t.refuses("today at 8am", "in_the_past");
t.refuses("on March 3 2028 at 9am", "beyond_horizon");
t.refuses("at 9am Gotham time", "unknown_timezone");
t.refuses("at 9am Europe/Atlantis", "unknown_timezone");

// Modifiers beside a schedule, spellings, and words that say a day has passed
t.fires("every day at 5pm starting Monday", ["2026-03-09T21:00:00Z", "2026-03-10T21:00:00Z", "2026-03-11T21:00:00Z"]);
t.fires("every 3 days at 8am starting March 20", ["2026-03-20T12:00:00Z", "2026-03-23T12:00:00Z", "2026-03-26T12:00:00Z"]);
t.fires("every weekday at 9am starting next Monday", ["2026-03-09T13:00:00Z", "2026-03-10T13:00:00Z", "2026-03-11T13:00:00Z"]);
t.fires("Tuesday and Thursday mornings at 7:30", ["2026-03-10T11:30:00Z", "2026-03-12T11:30:00Z", "2026-03-17T11:30:00Z"]);
t.fires("every month on the first Monday at 10", ["2026-04-06T14:00:00Z", "2026-05-04T14:00:00Z", "2026-06-01T14:00:00Z"]);
t.fires("every third day at 9am", ["2026-03-06T14:00:00Z", "2026-03-09T13:00:00Z", "2026-03-12T13:00:00Z"]);
t.fires("0830 every weekday", ["2026-03-06T13:30:00Z", "2026-03-09T12:30:00Z", "2026-03-10T12:30:00Z"]);
t.fires("tonight at 9.30", ["2026-03-06T02:30:00Z"]);
t.fires("today at 4", ["2026-03-05T21:00:00Z"]);
t.fires("at 10 past 9 tomorrow", ["2026-03-06T14:10:00Z"]);
t.fires("every hour at 15 past", ["2026-03-05T15:15:00Z", "2026-03-05T16:15:00Z", "2026-03-05T17:15:00Z"]);
t.fires("thurs 8pm", ["2026-03-06T01:00:00Z"]);
t.fires("the Monday after next at 9am", ["2026-03-16T13:00:00Z"]);
t.fires("a week from tomorrow at noon", ["2026-03-13T16:00:00Z"]);
t.fires("every day at 8am but skip wednesdays", ["2026-03-06T13:00:00Z", "2026-03-07T13:00:00Z", "2026-03-08T12:00:00Z"]);
t.fires("twice daily at 8am and 8pm", ["2026-03-06T01:00:00Z", "2026-03-06T13:00:00Z", "2026-03-07T01:00:00Z"]);
t.refuses("three times a day", "ambiguous_schedule");
t.refuses("last Friday at 5pm", "ambiguous_schedule");
t.refuses("midnight every Friday", "ambiguous_schedule");
t.refuses("at 9 or 10 tomorrow", "ambiguous_schedule");
t.refuses("every payday at 9", "ambiguous_schedule");
t.refuses("on the twentieth at 9am", "ambiguous_schedule");

export const enRows = t.rows;
