import { describe, expect, it, vi } from 'vitest';
import { msg } from '../messages';
import { todayIso } from '../validation/dates';
import {
  notificacaoFiltersSchema,
  notificacaoInputSchema,
  notificacaoIssues,
  notificacaoSituacaoSchema,
  notificacaoUpdateSchema,
} from './notificacao_compulsoria';
import { errors } from './test-errors';

const valida = { doenca_agravo_id: '15', data_notificacao: '2026-03-10', hora_notificacao: '09:30' };

describe('notificacao compulsoria', () => {
  it('asks for the disease, date and hour, and leaves every question unanswered as undefined', () => {
    expect(errors(notificacaoInputSchema, { doenca_agravo_id: '', data_notificacao: null })).toEqual({
      doenca_agravo_id: [msg.obrigatorio],
      data_notificacao: [msg.obrigatorio],
      hora_notificacao: [msg.obrigatorio],
    });
    const r = notificacaoInputSchema.safeParse({ ...valida, obito: null, internado: '', comorbidade_diabetes: null });
    expect(r.success).toBe(false); // '' is not a yes/no
    const ok = notificacaoInputSchema.parse({ ...valida, obito: null, comorbidade_diabetes: null });
    expect(ok).toMatchObject({ obito: undefined, comorbidade_diabetes: undefined });
  });

  it('refuses a code outside the national list, an hour that is not HH:mm and a date in the future', () => {
    const amanha = new Date(Date.now() + 2 * 86_400_000);
    expect(
      errors(notificacaoInputSchema, {
        ...valida,
        doenca_agravo_id: '999',
        hora_notificacao: '25:00',
        data_notificacao: todayIso(amanha),
      }),
    ).toMatchObject({
      doenca_agravo_id: [msg.naoEValido],
      hora_notificacao: [msg.naoEValido],
      data_notificacao: [msg.dataFutura],
    });
  });

  it('refuses a record hour later than now on a record of today', () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T15:00:00Z'), toFake: ['Date'] }); // 12:00 in São Paulo
    try {
      expect(notificacaoIssues({ data_notificacao: '2026-03-10', hora_notificacao: '12:30' })).toEqual([
        { path: ['hora_notificacao'], message: msg.horaNoFuturo },
      ]);
      // The clock tolerance of the other "not in the future" rules.
      expect(notificacaoIssues({ data_notificacao: '2026-03-10', hora_notificacao: '12:04' })).toEqual([]);
      expect(notificacaoIssues({ data_notificacao: '2026-03-09', hora_notificacao: '23:59' })).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the dates in order: symptoms, birth, death, admission and discharge', () => {
    expect(
      notificacaoIssues(
        { ...valida, data_primeiros_sintomas: '2026-03-11', obito: true, data_internacao: '2026-03-01' },
        { data_nascimento: '2026-03-05' },
      ),
    ).toEqual([
      { path: ['data_primeiros_sintomas'], message: msg.posteriorANotificacao },
      { path: ['data_internacao'], message: msg.anteriorAoNascimento('05/03/2026') },
      { path: ['data_obito'], message: msg.obrigatorio },
      { path: ['data_internacao'], message: msg.somenteInternado },
    ]);
    expect(
      errors(notificacaoUpdateSchema, {
        ...valida,
        lock_version: 0,
        internado: true,
        data_internacao: '2026-03-05',
        alta: true,
        data_alta: '2026-03-04',
        data_obito: '2026-03-04',
      }),
    ).toEqual({ data_alta: [msg.altaAntesDaInternacao], data_obito: [msg.somenteComObito] });
    expect(errors(notificacaoInputSchema, { ...valida, alta: false, data_alta: '2026-03-04' })).toEqual({
      alta: [msg.somenteInternado],
      data_alta: [msg.somenteComAlta],
    });
    expect(
      notificacaoIssues({ ...valida, data_primeiros_sintomas: '2026-03-09' }, { data_obito: '2026-03-08' }),
    ).toEqual([{ path: ['data_primeiros_sintomas'], message: msg.posteriorAoObito('08/03/2026') }]);
  });

  it('asks for the closing date exactly when the case is closed, not before the notification', () => {
    expect(errors(notificacaoInputSchema, { ...valida, situacao: 'confirmado' })).toEqual({
      data_encerramento: [msg.obrigatorio],
    });
    expect(errors(notificacaoInputSchema, { ...valida, data_encerramento: '2026-03-12' })).toEqual({
      data_encerramento: [msg.somenteEncerrada],
    });
    expect(
      errors(notificacaoInputSchema, { ...valida, situacao: 'descartado', data_encerramento: '2026-03-09' }),
    ).toEqual({ data_encerramento: [msg.anteriorANotificacao] });
    expect(errors(notificacaoSituacaoSchema, { situacao: 'confirmado', lock_version: 1 })).toEqual({
      data_encerramento: [msg.obrigatorio],
    });
    expect(errors(notificacaoSituacaoSchema, { situacao: '', lock_version: 1 })).toEqual({
      situacao: [msg.obrigatorio],
    });
    expect(errors(notificacaoSituacaoSchema, { situacao: 'suspeito', lock_version: 1 })).toEqual({});
  });

  it('checks the period of the filters', () => {
    expect(notificacaoFiltersSchema.parse({})).toMatchObject({ page: 1, per_page: 10 });
    expect(notificacaoFiltersSchema.safeParse({ situacao: 'cancelado' }).success).toBe(false);
  });
});
