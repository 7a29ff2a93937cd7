import { getTableColumns, isTable, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { isoDates, isTimeKey, type Dated } from './answer';

// Review of issue 40: `Dated` took every `data_*` and `*_desde` for a timestamp, date-only fields too.

const colunas = (Object.values(schema) as unknown[])
  .filter((v): v is Table => isTable(v))
  .flatMap((t) => Object.values(getTableColumns(t)));

type Pessoa = { data_nascimento: string; data_inicial: string; reside_desde: string | null };
type Chegada = { data_chegada: string; na_fila_desde: string; created_at: string };
const quando = new Date('2024-01-02T10:00:00Z');

describe('Dated and isoDates keep date-only fields as dates', () => {
  it('types a date-only field as its text only, a timestamp as text or Date', () => {
    // Each line would compile under the old rule (then the directive itself fails the type check).
    // @ts-expect-error: `data_nascimento` is a date, never a Date
    const nascimento: Dated<Pick<Pessoa, 'data_nascimento'>> = { data_nascimento: quando };
    // @ts-expect-error: `data_inicial` is a date, never a Date
    const inicial: Dated<Pick<Pessoa, 'data_inicial'>> = { data_inicial: quando };
    // @ts-expect-error: `reside_desde` is a date, never a Date
    const desde: Dated<Pick<Pessoa, 'reside_desde'>> = { reside_desde: quando };
    const pessoa: Dated<Pessoa> = { data_nascimento: '2000-02-29', data_inicial: '2024-01-02', reside_desde: null };
    const chegada: Dated<Chegada> = { data_chegada: quando, na_fila_desde: quando, created_at: quando.toISOString() };
    expect([nascimento, inicial, desde]).toHaveLength(3);
    expect(isoDates({ pessoa, chegada })).toEqual({
      pessoa,
      chegada: {
        data_chegada: quando.toISOString(),
        na_fila_desde: quando.toISOString(),
        created_at: quando.toISOString(),
      },
    });
  });

  it('names no date-only column a timestamp, and every date column reads as text (never a Date to convert)', () => {
    const datas = colunas.filter((c) => c.getSQLType() === 'date');
    expect(datas.map((c) => c.name)).toEqual(
      expect.arrayContaining(['data_nascimento', 'data_inicial', 'reside_desde']),
    );
    // Under the old rule (`data_*`, `*_desde`) these three, and every other date column so named, were timestamps.
    expect(datas.filter((c) => isTimeKey(c.name)).map((c) => c.name)).toEqual([]);
    expect(datas.filter((c) => c.columnType !== 'PgDateString').map((c) => c.name)).toEqual([]);
  });

  it('still names a timestamp every timestamp column the old rule named', () => {
    const antigo = (k: string) => k === 'em' || /_at$|_em$|^data_|_desde$/.test(k);
    const timestamps = colunas.filter((c) => c.getSQLType().startsWith('timestamp')).map((c) => c.name);
    expect(timestamps.filter((k) => antigo(k) && !isTimeKey(k))).toEqual([]);
  });
});
