/**
 * A short chime made in the browser with Web Audio (no sound file to fetch): `notes` in hertz, one after
 * another 120 ms apart, fading out together.
 */
export function playTone(notes: readonly number[] = [880, 1320]) {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const gain = ctx.createGain();
    const end = 0.35 + (notes.length - 2) * 0.12;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + end);
    gain.connect(ctx.destination);
    for (const [i, freq] of notes.entries()) {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.12);
      osc.stop(ctx.currentTime + end);
    }
    setTimeout(() => void ctx.close(), (end + 0.25) * 1000);
  } catch {
    // Autoplay rules may refuse sound until the user has interacted with the page: the badge still shows.
  }
}
