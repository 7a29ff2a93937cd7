import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { contextoDe, FAMILIA_ID, MARIA_ID } from './testUtils';
import { todayIso, zonedDateTimeParts } from '@saude/shared';
import { formParaApi, motivoPermitido, novaVisita, visitaFormSchema, type VisitaFormValues } from './formValues';

const ID = '0190a6d2-1c1e-7000-8000-0000000000b1';
const schema = visitaFormSchema({ ocupacaoObrigatoria: false });
const membro = (o: Partial<VisitaFormValues> = {}): VisitaFormValues => ({
  ...novaVisita(ID, { familiaId: FAMILIA_ID, municipeId: MARIA_ID }, contextoDe(), '2025-03-04T13:30:00Z'),
  desfecho_id: 1,
  motivo_visita_ids: [29],
  ...o,
});
const erros = (v: VisitaFormValues, s = schema) => {
  const r = s.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('novaVisita', () => {
  it('starts now in São Paulo, with the shift of the hour and the context defaults', () => {
    // 17:05 UTC is 14:05 in São Paulo: the afternoon shift, whatever the browser's zone.
    const v = novaVisita(
      ID,
      { familiaId: FAMILIA_ID },
      contextoDe({ micro_area: '02', numero_prontuario: 'F9' }),
      '2025-03-04T17:05:00Z',
    );
    expect(v).toMatchObject({
      id: ID,
      familia_id: FAMILIA_ID,
      municipe_id: '',
      ocupacao_id: '515105',
      data: '2025-03-04',
      hora: '14:05',
      turno_atendimentos: 2,
      micro_area: '02',
      fora_area: false,
      tipo_imovel_id: 1,
      numero_prontuario: 'F9',
      desfecho_id: null,
      motivo_visita_ids: [],
    });
  });

  it('leaves the specialty empty when the user has several compatible ones', () => {
    const ctx = contextoDe({
      ocupacao_id: null,
      ocupacoes: [
        { codigo: '515105', descricao: 'ACS' },
        { codigo: '515140', descricao: 'ACE' },
      ],
    });
    const v = novaVisita(ID, {}, ctx);
    expect(v.ocupacao_id).toBeNull();
    expect(erros({ ...v, desfecho_id: 3 }, visitaFormSchema({ ocupacaoObrigatoria: true })).ocupacao_id).toBe(
      msg.obrigatorio,
    );
  });
});

describe('visitaFormSchema', () => {
  it('accepts a member visit done with a reason and vitals in range', () => {
    expect(erros(membro({ temperatura: 36.5, pressao_sistolica: 120, pressao_diastolica: 80 }))).toEqual({});
  });

  it("answers 'deve estar entre 20 e 45' for a temperature of 50 °C, as the API would", () => {
    expect(erros(membro({ temperatura: 50 })).temperatura).toBe('deve estar entre 20 e 45');
  });

  it('asks for the outcome and, when the visit happened, for at least one reason', () => {
    expect(erros(membro({ desfecho_id: null, motivo_visita_ids: [] })).desfecho_id).toBe(msg.obrigatorio);
    expect(erros(membro({ motivo_visita_ids: [] })).motivo_visita_ids).toBe(msg.obrigatorio);
  });

  it('asks for the micro-area unless the visit is outside the area', () => {
    expect(erros(membro({ micro_area: null })).micro_area).toBe(msg.obrigatorio);
    expect(erros(membro({ micro_area: null, fora_area: true }))).toEqual({});
  });

  it('refuses a visit in the future, on the hour when the day is today (in São Paulo)', () => {
    const amanha = todayIso(new Date(Date.now() + 24 * 3600_000));
    expect(erros(membro({ data: amanha, hora: '08:00' })).data).toBe(msg.dataFutura);
    // One hour ahead, unless that crosses midnight (then the date itself is tomorrow).
    const daquiUmaHora = zonedDateTimeParts(new Date(Date.now() + 3600_000))!;
    if (daquiUmaHora.date === todayIso()) {
      expect(erros(membro({ data: daquiUmaHora.date, hora: daquiUmaHora.time })).hora).toBe(msg.dataFutura);
    }
  });

  it('refuses a half-typed date or hour', () => {
    expect(erros(membro({ data: '04/03/20' })).data).toBe(msg.naoEValido);
    expect(erros(membro({ hora: '25:00' })).hora).toBe(msg.naoEValido);
  });
});

describe('formParaApi', () => {
  it('sends no reasons nor measurements for a refused visit (e-SUS rule)', () => {
    const body = formParaApi(membro({ desfecho_id: 2, motivo_visita_ids: [29], temperatura: 37 }));
    expect(body).toMatchObject({ id: ID, desfecho_id: 2, motivo_visita_ids: [] });
    expect(body.temperatura).toBeUndefined();
  });

  it('sends measurements only for a member visit', () => {
    expect(formParaApi(membro({ temperatura: 37 })).temperatura).toBe(37);
    expect(formParaApi(membro({ municipe_id: '', temperatura: 37 })).temperatura).toBeUndefined();
  });

  it('joins date and hour, read as São Paulo time, into one ISO timestamp and drops the micro-area outside the area', () => {
    const body = formParaApi(membro({ data: '2025-03-04', hora: '10:30', fora_area: true, micro_area: '01' }));
    expect(body.data_visita).toBe('2025-03-04T13:30:00.000Z');
    expect(body.micro_area).toBeUndefined();
    expect(body.fora_area).toBe(true);
  });
});

describe('motivoPermitido', () => {
  it('hides Gestante and Puérpera for a man and keeps only the allowed reasons at a shop', () => {
    expect([5, 6, 29].map((c) => motivoPermitido(c, { tipoImovel: 1, masculino: true }))).toEqual([false, false, true]);
    expect([5, 6].map((c) => motivoPermitido(c, { tipoImovel: 1, masculino: false }))).toEqual([true, true]);
    expect([29, 34, 1].map((c) => motivoPermitido(c, { tipoImovel: 2, masculino: false }))).toEqual([
      false,
      true,
      true,
    ]);
  });
});
