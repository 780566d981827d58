const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
// A due date is a calendar day; read in UTC it never slips to the day before west of Greenwich.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A moment as a buyer reads it, in their own time zone ("Nov 24, 2026, 9:15 AM"). */
export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}

/** A due date: a day, not a moment. */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}
