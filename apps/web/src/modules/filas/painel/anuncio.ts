// How a call is announced in the waiting room: a short chime (Web Audio) and the ticket spoken in pt-BR. Browsers
// play sound only after a user gesture on the page, so the panel's "Ativar som" button calls `ativarSom` first.
import type { ChamadaPainel } from '@saude/shared/schemas/painel';

let audio: AudioContext | null = null;

/** Unlocks audio and speech (inside a click handler). Answers whether the browser can play the chime. */
export async function ativarSom(): Promise<boolean> {
  try {
    audio ??= new AudioContext();
    await audio.resume();
  } catch {
    audio = null;
  }
  // An empty utterance inside the gesture unlocks speech in the browsers that also gate it.
  if ('speechSynthesis' in window) window.speechSynthesis.speak(new SpeechSynthesisUtterance(''));
  return audio !== null;
}

/** Two soft notes (≈0.8 s): heard over a waiting room, not startling. */
function chime(ctx: AudioContext) {
  const t0 = ctx.currentTime;
  for (const [i, freq] of [880, 659.25].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    const start = t0 + i * 0.35;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.35, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.5);
  }
}

/**
 * 'Senha P 0 1 2, Guichê 1': each letter and digit on its own, so "P012" is heard as "pê, zero, um, dois" and not as a
 * word or as "doze".
 */
export function textoFalado(c: Pick<ChamadaPainel, 'codigo' | 'local'>): string {
  return `Senha ${c.codigo.split('').join(' ')}, ${c.local}`;
}

function vozPtBr(): SpeechSynthesisVoice | undefined {
  const vozes = window.speechSynthesis.getVoices();
  return vozes.find((v) => v.lang === 'pt-BR') ?? vozes.find((v) => v.lang.startsWith('pt'));
}

/** Chime, then the ticket spoken. Does nothing before `ativarSom`. */
export function anunciar(c: ChamadaPainel): void {
  if (!audio) return;
  chime(audio);
  if (!('speechSynthesis' in window)) return;
  const fala = new SpeechSynthesisUtterance(textoFalado(c));
  fala.lang = 'pt-BR';
  fala.rate = 0.9;
  const voz = vozPtBr();
  if (voz) fala.voice = voz;
  // After the chime: speech starting on top of it is harder to follow.
  window.setTimeout(() => window.speechSynthesis.speak(fala), 700);
}
