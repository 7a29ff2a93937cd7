// The citizen of a new individual registration: picked with the registry's search; their current documents and
// nationality fill the form (one truth with the registry).
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { formatCns, formatCpf } from '@saude/shared';
import type { CandidatoCadastro, ImpedimentoCadastro } from '@saude/shared/schemas/cadastro_individual';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { usePode } from '../../../lib/access';
import { FormSection, isoToBr, useFieldLabel, SearchSelect, useServerSearch } from '../../../lib/form';
import { useMunicipe } from '../../municipes';
import { BASE_PATH, useCandidatosCadastro } from './api';
import { novoCadastro, type CadastroFormValues } from './formValues';

type Form = UseFormReturn<CadastroFormValues, unknown, CadastroFormValues>;

const IMPEDIMENTO: Record<ImpedimentoCadastro, string> = {
  obito: 'óbito registrado',
  cadastro_ativo: 'já possui cadastro individual ativo',
};

type Candidato = Pick<CandidatoCadastro, 'id' | 'nome' | 'data_nascimento' | 'cpf_numero' | 'codigo_cns'> &
  Partial<Pick<CandidatoCadastro, 'impedimento'>>;

/** Who cannot get a new registration is shown, disabled, with the reason (issue 12). */
const opcaoCandidato = (r: Candidato) => ({
  value: r.id,
  label: `${r.nome} · ${isoToBr(r.data_nascimento)}${r.cpf_numero ? ` · CPF ${formatCpf(r.cpf_numero)}` : r.codigo_cns ? ` · CNS ${formatCns(r.codigo_cns)}` : ''}${r.impedimento ? ` — ${IMPEDIMENTO[r.impedimento]}` : ''}`,
  disabled: r.impedimento != null,
});

/** Back here after creating a citizen in the registry (MunicipeFormPage appends ?municipe_id=<new id>). */
const NOVO_MUNICIPE = `/municipes/new?retorno=${BASE_PATH}/new`;

/** The citizen picker: the registry's search (name, CPF, CNS, dd/mm/aaaa); picking fills the documents. */
export function EscolherMunicipe({
  form,
  onEscolhido,
}: {
  form: Form;
  onEscolhido: (m: Municipe | undefined) => void;
}) {
  // ?municipe_id= preselects a citizen (e.g. just created through 'Cadastrar novo munícipe').
  const [searchParams] = useSearchParams();
  const [escolhido, setEscolhido] = useState<string | null>(() => searchParams.get('municipe_id'));
  const municipe = useMunicipe(escolhido ?? undefined);
  const m = municipe.data;
  const search = useServerSearch({ chosen: m && escolhido ? opcaoCandidato(m) : null });
  const resultados = useCandidatosCadastro(search.termo);
  const podeCriar = usePode('municipes:create');
  const labelProps = useFieldLabel({
    label: 'Munícipe',
    required: true,
    tooltip:
      'Busque por nome, CPF, CNS ou data de nascimento. Quem não está no cadastro de munícipes precisa ser cadastrado lá antes.',
  });
  const erro = form.formState.errors.municipe_id?.message;

  // The chosen citizen's own answers start the form (one truth with the registry).
  useEffect(() => {
    onEscolhido(escolhido ? m : undefined);
  }, [m, escolhido, onEscolhido]);
  useEffect(() => {
    if (!m) return;
    const { data_cadastro_data, data_cadastro_hora } = form.getValues();
    form.reset(
      { ...novoCadastro({ ...m, id: m.id }), data_cadastro_data, data_cadastro_hora },
      { keepDefaultValues: true },
    );
    form.setValue('municipe_id', m.id, { shouldDirty: true });
  }, [m, form]);

  return (
    <FormSection title="Munícipe">
      <SearchSelect
        {...labelProps}
        {...search.selectProps(
          { data: resultados.data?.rows, isFetching: resultados.isFetching },
          opcaoCandidato,
          'Nenhum munícipe encontrado.',
        )}
        value={escolhido}
        error={erro}
        placeholder="Digite ao menos 3 letras do nome, ou o CPF/CNS"
        onChange={(v) => {
          setEscolhido(v);
          if (!v) form.setValue('municipe_id', '', { shouldDirty: true });
        }}
        name="municipe_id"
      />
      {podeCriar && (
        <Group>
          <Button component={Link} to={NOVO_MUNICIPE} variant="default" mih={44}>
            Cadastrar novo munícipe
          </Button>
        </Group>
      )}
      {m && (
        <Text size="sm" c="dimmed">
          {m.nome} · {isoToBr(m.data_nascimento)} · {m.nome_mae ? `Mãe: ${m.nome_mae}` : 'Mãe não informada'} ·{' '}
          <Link to={`/municipes/${m.id}/edit`}>Abrir no cadastro de munícipes</Link>
        </Text>
      )}
    </FormSection>
  );
}
