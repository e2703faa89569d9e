// How much of a time span falls inside a daily local-time window, e.g. 00:00-04:00.
// Spans are measured in real (UTC) seconds; only their position on the clock is local, so a span
// crossing a DST change is still counted at its true length.

const DAY = 86_400;

/**
 * Seconds of [localStart, localStart + duration) inside [startHour, endHour) of any local day.
 * localStart is seconds since 1970-01-01T00:00 *local*. A window with startHour > endHour wraps
 * midnight (e.g. 22-4).
 */
export function secondsInDailyWindow(
  localStart: number,
  duration: number,
  startHour: number,
  endHour: number,
): number {
  if (duration <= 0) return 0;
  if (startHour > endHour) {
    return (
      secondsInDailyWindow(localStart, duration, 0, endHour) +
      secondsInDailyWindow(localStart, duration, startHour, 24)
    );
  }
  const end = localStart + duration;
  let total = 0;
  for (let day = Math.floor(localStart / DAY) * DAY; day < end; day += DAY) {
    const from = Math.max(localStart, day + startHour * 3600);
    const to = Math.min(end, day + endHour * 3600);
    if (to > from) total += to - from;
  }
  return total;
}
