/** Business-hours arithmetic lives in the contract, shared with the console (snooze presets, issue 44). */
export { isOpenAt, nextOpen, workingSecondsBetween } from '@inbox/contract';
