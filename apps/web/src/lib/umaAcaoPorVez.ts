// One action per press (issue 39; first written for the ticket desks, filas/senhas).
import { useCallback, useRef } from 'react';

/**
 * A second tap or click while the first one's request runs is ignored — a disabled button re-renders too late to stop
 * a double tap. `run` starts the request; the next press counts when it settles.
 */
export function useUmaAcaoPorVez() {
  const ocupado = useRef(false);
  return useCallback((run: () => Promise<unknown>) => {
    if (ocupado.current) return;
    ocupado.current = true;
    void run().finally(() => {
      ocupado.current = false;
    });
  }, []);
}
