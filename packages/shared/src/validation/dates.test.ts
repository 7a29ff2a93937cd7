import { describe, expect, it } from 'vitest';
import {
  ageParts,
  brToIso,
  dateRange,
  formatAge,
  formatLongDate,
  formatNotificationTimestamp,
  isoToBr,
  isValidBrDate,
  isValidIsoDate,
  latestAdultBirthDate,
  minAdultBirthDate,
  sameYear,
  toIsoDate,
  todayIso,
  formatDate,
  formatDateTime,
  formatTime,
  isValidTime,
  zonedDateTimeParts,
  zonedDateTimeToIso,
} from './dates';

// 02:30 UTC on 5 March is still 4 March in São Paulo (UTC−3).
const lateNightUtc = new Date('2024-03-05T02:30:00Z');

describe('conversion and format validation', () => {
  it('converts dd/MM/yyyy ⇄ yyyy-MM-dd', () => {
    expect(isoToBr('2020-02-01')).toBe('01/02/2020');
    expect(brToIso('01/02/2020')).toBe('2020-02-01');
    expect(toIsoDate('01/02/2020')).toBe('2020-02-01');
    expect(toIsoDate('2020-02-01')).toBe('2020-02-01');
  });

  it.each([
    '31/02/2020',
    '29/02/2021',
    '32/01/2020',
    '00/01/2020',
    '01/13/2020',
    '1/2/2020',
    '01-02-2020',
    '2020-02-01',
    '',
  ])('refuses %s as dd/MM/yyyy', (v) => {
    expect(isValidBrDate(v)).toBe(false);
    expect(brToIso(v)).toBeNull();
  });

  it('accepts real dates, leap days included', () => {
    expect(isValidBrDate('29/02/2020')).toBe(true);
    expect(isValidIsoDate('2020-02-29')).toBe(true);
    expect(isValidIsoDate('2021-02-29')).toBe(false);
    expect(isValidIsoDate('2020-2-1')).toBe(false);
    expect(isoToBr('2020-02-30')).toBeNull();
  });
});

describe('today and ranges (America/Sao_Paulo)', () => {
  it('takes "today" in São Paulo, not UTC', () => {
    expect(todayIso(lateNightUtc)).toBe('2024-03-04');
    expect(todayIso(new Date('2024-03-05T03:00:00Z'))).toBe('2024-03-05');
  });

  it('defaults the date range to 130 years back to today', () => {
    expect(dateRange(lateNightUtc)).toEqual({ min: '1894-03-04', max: '2024-03-04' });
  });

  it('gives today minus 18 years as the latest birth date of an adult (spec name kept)', () => {
    expect(latestAdultBirthDate(lateNightUtc)).toBe('2006-03-04');
    expect(minAdultBirthDate(lateNightUtc)).toBe('2006-03-04');
    expect(latestAdultBirthDate(new Date('2024-02-29T12:00:00Z'))).toBe('2006-02-28');
  });

  it('checks the same year as a start date, in either format', () => {
    expect(sameYear('2024-01-01', '2024-12-31')).toBe(true);
    expect(sameYear('2024-01-01', '31/12/2024')).toBe(true);
    expect(sameYear('2024-12-31', '2025-01-01')).toBe(false);
    expect(sameYear('2024-01-01', '31/02/2024')).toBe(false);
  });
});

describe('age in Portuguese (spec §5, ux.md: months only under 2 years, days only under 1 month)', () => {
  it.each([
    ['1990-03-05', '2024-03-05', '34 anos'],
    ['1977-01-10', '2024-12-31', '47 anos'],
    ['2022-02-04', '2024-03-05', '2 anos'],
    ['2022-03-05', '2024-03-04', '1 ano e 11 meses'],
    ['2023-01-05', '2024-03-05', '1 ano e 2 meses'],
    ['2020-01-01', '2021-03-02', '1 ano e 2 meses'],
    ['2023-03-05', '2024-03-07', '1 ano'],
    ['2023-11-20', '2024-03-05', '3 meses'],
    ['2024-02-05', '2024-03-05', '1 mês'],
    ['2020-01-31', '2020-03-01', '1 mês'], // Jan 31 + 1 month = Feb 29
    ['2024-02-06', '2024-03-05', '28 dias'],
    ['2024-03-02', '2024-03-05', '3 dias'],
    ['2024-03-04', '2024-03-05', '1 dia'],
    ['2024-03-05', '2024-03-05', '0 dias'],
  ])('born %s, on %s: %s', (birth, at, text) => expect(formatAge(birth, at)).toBe(text));

  it('counts a month complete on the last day of a shorter month, across leap years', () => {
    expect(ageParts('2020-01-31', '2020-02-29')).toEqual({ anos: 0, meses: 1, dias: 0 });
    expect(ageParts('2020-01-31', '2020-02-28')).toEqual({ anos: 0, meses: 0, dias: 28 });
    expect(ageParts('2020-02-29', '2021-02-28')).toEqual({ anos: 1, meses: 0, dias: 0 });
    expect(ageParts('2020-02-29', '2024-02-29')).toEqual({ anos: 4, meses: 0, dias: 0 });
    expect(ageParts('1999-12-31', '2000-01-01')).toEqual({ anos: 0, meses: 0, dias: 1 });
  });

  it('splits into completed years, months and days', () => {
    expect(ageParts('2020-01-01', '2021-03-02')).toEqual({ anos: 1, meses: 2, dias: 1 });
  });

  it('answers null for a future or invalid birth date', () => {
    expect(ageParts('2024-03-06', '2024-03-05')).toBeNull();
    expect(formatAge('2024-02-30', '2024-03-05')).toBeNull();
  });

  it('defaults to today in São Paulo', () => {
    expect(formatAge(todayIso())).toBe('0 dias');
  });

  it('answers the same today as the time-zone database, at every hour around midnight in São Paulo', () => {
    // Plain arithmetic and Intl replace dayjs-tz per row (issue 15); the dates must not move.
    for (const iso of [
      '2024-03-05T02:59:59Z',
      '2024-03-05T03:00:00Z',
      '2019-02-17T01:59:00Z',
      '2024-12-31T23:59:59Z',
    ]) {
      const d = new Date(iso);
      const expected = new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
      expect(todayIso(d), iso).toBe(
        iso.startsWith('2019-02-17') ? '2019-02-16' : expected, // 2019-02-16 was still daylight time (UTC−2)
      );
    }
  });
});

describe('long date and notification timestamp (spec §9)', () => {
  it("writes 'dd MMMM yyyy' with pt-BR month names", () => {
    expect(formatLongDate('2024-03-05')).toBe('05 março 2024');
    expect(formatLongDate('2024-12-25')).toBe('25 dezembro 2024');
    expect(formatLongDate('2024-02-30')).toBeNull();
  });

  it("writes 'dd/MM/yyyy-HH:mm:ss' in São Paulo time", () => {
    expect(formatNotificationTimestamp(new Date('2024-03-05T15:04:05Z'))).toBe('05/03/2024-12:04:05');
    expect(formatNotificationTimestamp('2024-03-05T02:30:00Z')).toBe('04/03/2024-23:30:00');
    // Brazil still had summer time (UTC−2) in December 2018.
    expect(formatNotificationTimestamp('2018-12-01T12:00:00Z')).toBe('01/12/2018-10:00:00');
    expect(formatNotificationTimestamp('nonsense')).toBeNull();
  });
});

describe('date and hour in São Paulo, whatever the browser zone', () => {
  it('joins a date and an hour read as São Paulo time into one UTC timestamp', () => {
    expect(zonedDateTimeToIso('2025-03-04', '10:30')).toBe('2025-03-04T13:30:00.000Z');
    // 20 Feb 2016 was still summer time (UTC−2).
    expect(zonedDateTimeToIso('2016-02-20', '23:30')).toBe('2016-02-21T01:30:00.000Z');
    expect(zonedDateTimeToIso('2016-02-21', '00:30')).toBe('2016-02-21T03:30:00.000Z');
    expect(zonedDateTimeToIso('2025-02-30', '10:30')).toBeNull();
    expect(zonedDateTimeToIso('2025-03-04', '24:00')).toBeNull();
    expect(zonedDateTimeToIso(null, '10:30')).toBeNull();
  });

  it('splits a timestamp into its São Paulo date and 24-hour time', () => {
    expect(zonedDateTimeParts(lateNightUtc)).toEqual({ date: '2024-03-04', time: '23:30' });
    expect(zonedDateTimeParts('2025-03-04T16:18:00Z')).toEqual({ date: '2025-03-04', time: '13:18' });
    expect(zonedDateTimeParts('not a date')).toBeNull();
  });

  it('formats dates, hours and both as ux.md writes them', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate(lateNightUtc)).toBe('04/03/2024');
    expect(formatTime('2025-03-04T16:18:00Z')).toBe('13:18');
    expect(formatDateTime('2025-03-04T16:18:00Z')).toBe('04/03/2025 13:18');
    expect([formatDate(null), formatTime(''), formatDateTime(undefined)]).toEqual([null, null, null]);
    expect(isValidTime('13:18')).toBe(true);
    expect(isValidTime('1:18 PM')).toBe(false);
  });
});
