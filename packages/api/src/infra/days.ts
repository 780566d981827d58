// Calendar days (YYYY-MM-DD, UTC) as the instants that bound them: filters "from day A to day B, both included" ask
// for created_at >= the start of A and < the start of the day after B.

export function startOfDay(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** The first instant of the day after `day`. */
export function startOfDayAfter(day: string): string {
  return new Date(Date.parse(startOfDay(day)) + 86_400_000).toISOString();
}
