// Issue 25: every visit screen starts the device's sender for the signed-in agent and refreshes what it shows when
// queued records reach the server.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUsuario } from '../../../../lib/session';
import { aoEnviar, iniciarEnvio } from './fila';

export function useSincronizacao(): string | undefined {
  const login = useUsuario()?.login;
  const qc = useQueryClient();
  useEffect(() => {
    if (!login) return;
    iniciarEnvio(login);
    return aoEnviar(() => void qc.invalidateQueries({ queryKey: ['visitas_domiciliares'] }));
  }, [login, qc]);
  return login;
}
