// A terms-of-use version published mid-work holds back the session's own requests only (issue 21): the session's
// client sends the user to the acceptance; the desk's token (issue 17) is not the user's session and only fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi } from '../test/fakeApi';
import { ApiError, http, httpComToken, httpSegundoPlano } from './http';

const PENDENTE = { status: 403, body: { code: 'termo_pendente', message: msg.termoPendente } };

describe('a pending terms-of-use answer', () => {
  afterEach(() => vi.unstubAllGlobals());

  const irPara = () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/municipes', search: '?q=ana', assign });
    return assign;
  };

  it("sends the session's user to the acceptance, back here after it, from a poll too", async () => {
    fakeApi({ 'GET /api/v1/municipes': PENDENTE });
    const assign = irPara();
    await expect(http.list('/api/v1/municipes')).rejects.toBeInstanceOf(ApiError);
    await expect(httpSegundoPlano.list('/api/v1/municipes')).rejects.toBeInstanceOf(ApiError);
    expect(assign.mock.calls).toEqual([
      ['/termos_uso/aceite?retorno=%2Fmunicipes%3Fq%3Dana'],
      ['/termos_uso/aceite?retorno=%2Fmunicipes%3Fq%3Dana'],
    ]);
  });

  it("does not move the desk's screen, whose token is not the session's", async () => {
    fakeApi({ 'GET /api/v1/municipes': PENDENTE });
    const assign = irPara();
    const aoExpirar = vi.fn();
    await expect(httpComToken('t', aoExpirar).list('/api/v1/municipes')).rejects.toMatchObject({ status: 403 });
    expect(assign).not.toHaveBeenCalled();
    expect(aoExpirar).not.toHaveBeenCalled();
  });
});
