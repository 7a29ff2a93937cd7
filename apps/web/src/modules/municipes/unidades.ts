import { useMemo } from 'react';
import type { Municipe } from '@saude/shared/schemas/municipe';
import type { Option } from '../../lib/form';
import { useLotacoes, useUsuario } from '../../lib/session';

/** Units the citizen screens offer: where the user works (current unit first), plus the citizen's reference unit. */
export function useUnidadesDoUsuario(municipe?: Municipe): Option[] {
  const lotacoes = useLotacoes().data;
  const usuario = useUsuario();
  return useMemo(() => {
    const out: Option[] = [];
    const add = (value: string | null | undefined, label: string | null | undefined) => {
      if (value && !out.some((o) => o.value === value)) out.push({ value, label: label ?? value });
    };
    add(usuario?.unidade_atual?.id, usuario?.unidade_atual?.nome);
    for (const l of lotacoes ?? []) add(l.unidade_saude_id, l.unidade_nome);
    add(municipe?.unidade_saude_referencia_id, municipe?.unidade_referencia_nome);
    return out;
  }, [lotacoes, usuario, municipe]);
}
