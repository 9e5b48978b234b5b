// A wall time typed in a form, read in a time zone (static/js/zoned-moment.js): the
// zone's offset at that moment, summer time included.
import assert from "node:assert/strict";
import { test } from "node:test";

import { zonedMoment } from "../../static/js/zoned-moment.js";

test("a wall time in UTC is that moment", () => {
  assert.equal(zonedMoment("2027-01-10T18:30", "UTC"), "2027-01-10T18:30:00.000Z");
});

test("a wall time in Tokyo is nine hours earlier in UTC", () => {
  assert.equal(zonedMoment("2027-01-11T03:30", "Asia/Tokyo"), "2027-01-10T18:30:00.000Z");
});

test("Paris is an hour ahead in winter and two in summer", () => {
  assert.equal(zonedMoment("2027-01-10T19:30", "Europe/Paris"), "2027-01-10T18:30:00.000Z");
  assert.equal(zonedMoment("2027-07-10T20:30", "Europe/Paris"), "2027-07-10T18:30:00.000Z");
});

test("New York is behind UTC", () => {
  assert.equal(zonedMoment("2027-01-10T13:30", "America/New_York"), "2027-01-10T18:30:00.000Z");
});
