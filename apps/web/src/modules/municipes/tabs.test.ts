import { describe, expect, it } from 'vitest';
import type { PermissaoCadastro } from '@saude/shared/schemas/municipe';
import { municipeTabs, tabDoCaminho } from './tabs';

const perm = (
  sociodemograficas: PermissaoCadastro['sociodemograficas'],
  condicoes_saude: PermissaoCadastro['condicoes_saude'],
) => ({ sociodemograficas, condicoes_saude });
const paths = (p: PermissaoCadastro, biometria = false) => municipeTabs(p, biometria).map((t) => t.path);

describe('citizen edit tabs (spec §2, §6)', () => {
  it('shows the editable block tabs when the user may update or create', () => {
    expect(paths(perm(['update', 'show'], ['create']))).toEqual([
      '',
      'documento_prontuario',
      'sociodemografica',
      'condicao_situacao_saude',
      'outros',
    ]);
  });

  it('ends with "Quem acessou" only for who reads the audit trail (issue 46)', () => {
    const comAcessos = municipeTabs(perm([], []), true, true);
    expect(comAcessos.map((t) => t.path)).toEqual(['', 'documento_prontuario', 'outros', 'biometria', 'quem_acessou']);
    expect(comAcessos.at(-1)!.label).toBe('Quem acessou');
    expect(paths(perm([], []), true)).not.toContain('quem_acessou');
  });

  it('shows the read-only block tabs when the user may only show', () => {
    const tabs = municipeTabs(perm(['show'], ['show']), false);
    expect(tabs.map((t) => t.path)).toEqual([
      '',
      'documento_prontuario',
      'visualizar_sociodemografica',
      'visualizar_condicao_situacao_saude',
      'outros',
    ]);
    expect(tabs.map((t) => t.label)).toContain('Condição de saúde');
  });

  it('hides a block the user may not see at all (reception; vigilância sees health conditions only)', () => {
    expect(paths(perm([], []))).toEqual(['', 'documento_prontuario', 'outros']);
    expect(paths(perm([], ['show']))).toEqual([
      '',
      'documento_prontuario',
      'visualizar_condicao_situacao_saude',
      'outros',
    ]);
  });

  it("shows 'Biometria' only when the system parameter habilita_biometria is on", () => {
    expect(paths(perm([], []), true)).toContain('biometria');
    expect(paths(perm([], []), false)).not.toContain('biometria');
  });

  it('reads the tab from the path', () => {
    const base = '/municipes/0190a1b2-0000-7000-8000-000000000001/edit';
    expect(tabDoCaminho(base, base)).toBe('');
    expect(tabDoCaminho(`${base}/`, base)).toBe('');
    expect(tabDoCaminho(`${base}/outros`, base)).toBe('outros');
    expect(tabDoCaminho(`${base}/visualizar_sociodemografica`, base)).toBe('visualizar_sociodemografica');
  });
});

describe('block tab paths', () => {
  it('match the block routes, so a typed block URL reaches its own 403 instead of a redirect', async () => {
    const { blocoRoutes } = await import('./blocos/routes');
    const { BLOCO_PATHS } = await import('./tabs');
    expect(new Set(blocoRoutes.map((r) => r.path))).toEqual(BLOCO_PATHS);
  });
});
