// A wall time typed in a datetime-local field, read in a time zone: the forms that
// create a tournament or a season send the first start as an ISO moment with its zone.
// Pure (no page, no server), so Node's test runner checks it (tests/js).

/** A wall time ("2027-01-10T18:30", from a datetime-local field) in `zone`, as an ISO
 * moment: the zone's offset at that time, found by writing a first guess in it. */
export function zonedMoment(wall, zone) {
  const [date, time] = wall.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" })
      .formatToParts(new Date(guess))
      .map((part) => [part.type, Number(part.value)]),
  );
  const shown = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return new Date(guess - (shown - guess)).toISOString();
}
