/** Business-hours arithmetic lives in the contract, shared with the console (snooze presets, issue 44). */
export { addWorkingSeconds, isOpenAt, nextOpen, workingSecondsBetween } from '@inbox/contract';

/** "Monday 30 November at 09:00" in the company's timezone; "now" when it is open. */
export function openingText(at: Date | null, timezone: string, now: Date) {
  if (!at) return 'soon';
  if (at.getTime() <= now.getTime()) return 'now';
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${day.format(at)} at ${time.format(at)}`;
}
