import { useEffect, useState } from 'react';

// The wait before a call may be repeated (spec §7 tempo_chamadas): the desk's "Chamar novamente" of a ticket and the
// urgent-care reception's "Chamar" count it down.

const restantesDe = (desde: string | null | undefined, tempo: number | undefined) =>
  desde && tempo !== undefined
    ? Math.max(0, Math.ceil((new Date(desde).getTime() + tempo * 1000 - Date.now()) / 1000))
    : 0;

/**
 * Whole seconds left before a call made at `desde` may be repeated, `tempo` seconds later; ticks each second while
 * above 0. 0 when there was no call or the time is unknown (the server then refuses with its own message).
 */
export function useSegundosRestantes(desde: string | null | undefined, tempo: number | undefined): number {
  const [restantes, setRestantes] = useState(() => restantesDe(desde, tempo));
  useEffect(() => {
    setRestantes(restantesDe(desde, tempo));
    const id = window.setInterval(() => {
      const r = restantesDe(desde, tempo);
      setRestantes(r);
      if (r === 0) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [desde, tempo]);
  return restantes;
}
