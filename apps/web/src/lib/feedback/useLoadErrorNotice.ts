// A record screen whose record could not be loaded says why once: a 404 (absent, or outside the user's scope) as
// spec §8's 'Cadastro não encontrado', anything else as the API said it. The screen then goes back to its list.
import { useEffect } from 'react';
import { msg } from '@saude/shared';
import { ApiError } from '../http';
import { notifyError } from './notify';

export function useLoadErrorNotice(err: unknown) {
  useEffect(() => {
    if (!err) return;
    notifyError(err instanceof ApiError && err.status === 404 ? new ApiError(404, msg.cadastroNaoEncontrado, {}) : err);
  }, [err]);
}
