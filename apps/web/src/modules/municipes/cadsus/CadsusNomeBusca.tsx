// "Não sabe o CPF ou o CNS?" on the registry list (issue 43): the national registry asked by name, birth date and the
// mother's name; the people it lists are told apart by mother, sex, city and masked documents. Opening one fills the
// new-citizen form, or compares with the citizen already registered here (nothing is overwritten without a choice).
import { cadsusMsg } from '@saude/shared/schemas/municipe_cadsus';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { sexo } from '@saude/shared/codes/sexo';
import { descricaoDe } from '@saude/shared/codes/lookup';
import {
  cadsusBuscaNomeSchema,
  type CadsusCandidato,
  type CadsusCandidatos,
  type CadsusMunicipe,
} from '@saude/shared/schemas/municipe_cadsus';
import { isoToBr, todayIso } from '@saude/shared/validation/dates';
import { DateInput } from '../../../lib/form/DateInput';
import { ApiError } from '../../../lib/http';
import { buscarCandidatos, buscarNoCadsus } from './api';
import { CadsusAviso, type Desfecho } from './CadsusAviso';

type Campo = 'nome' | 'data_nascimento' | 'nome_mae';

/** Where a person found in the registry opens: the citizen already here (to compare), or a new one filled in. */
export function destinoDoCadsus(r: CadsusMunicipe): string {
  const local = r.ja_cadastrados[0];
  return local ? `/municipes/${local.id}/edit` : '/municipes/new';
}

export function CadsusNomeBusca() {
  const navigate = useNavigate();
  const [nome, setNome] = useState('');
  const [nascimento, setNascimento] = useState<string | null>(null);
  const [mae, setMae] = useState('');
  const [erros, setErros] = useState<Partial<Record<Campo, string>>>({});
  const [buscando, setBuscando] = useState(false);
  const [abrindo, setAbrindo] = useState<string | null>(null);
  const [resultado, setResultado] = useState<CadsusCandidatos | null>(null);
  const [falha, setFalha] = useState<Desfecho | null>(null);

  const buscar = async () => {
    // The date input hands on 'yyyy-MM-dd' when valid, the typed text otherwise: the API reads dd/MM/yyyy.
    const busca = {
      nome,
      data_nascimento: (nascimento && isoToBr(nascimento)) || (nascimento ?? ''),
      nome_mae: mae,
    };
    setResultado(null);
    setFalha(null);
    const local = cadsusBuscaNomeSchema.safeParse(busca);
    if (!local.success) {
      const e: Partial<Record<Campo, string>> = {};
      for (const i of local.error.issues) e[i.path[0] as Campo] ??= i.message;
      setErros(e);
      return;
    }
    setErros({});
    setBuscando(true);
    try {
      setResultado(await buscarCandidatos(busca));
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        setErros(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      } else setFalha({ tipo: 'erro', erro: e, consulta: null });
    } finally {
      setBuscando(false);
    }
  };

  const abrir = async (c: CadsusCandidato) => {
    if (!c.candidato) return;
    setAbrindo(c.candidato);
    setFalha(null);
    try {
      const r = await buscarNoCadsus({ candidato: c.candidato });
      void navigate(destinoDoCadsus(r), { state: { cadsus: r } });
    } catch (e) {
      setFalha({ tipo: 'erro', erro: e, consulta: null });
    } finally {
      setAbrindo(null);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        Não sabe o CPF ou o CNS? Busque pelo nome
      </Title>
      <form
        noValidate
        aria-label="Buscar no CADSUS pelo nome"
        onSubmit={(e) => {
          e.preventDefault();
          void buscar();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Nome completo"
              required
              autoComplete="off"
              maxLength={70}
              value={nome}
              error={erros.nome}
              onChange={(e) => setNome(e.currentTarget.value)}
            />
            <DateInput
              label="Data de nascimento"
              required
              maxDate={todayIso()}
              value={nascimento}
              error={erros.data_nascimento}
              onChange={setNascimento}
            />
            <TextInput
              label="Nome da mãe"
              description="Opcional; separa pessoas de mesmo nome."
              autoComplete="off"
              maxLength={70}
              value={mae}
              error={erros.nome_mae}
              onChange={(e) => setMae(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              variant="light"
              mih={44}
              loading={buscando}
              leftSection={<IconUserSearch size={18} aria-hidden />}
            >
              Buscar pelo nome
            </Button>
          </Group>
        </Stack>
      </form>
      {falha && <CadsusAviso desfecho={falha} />}
      {resultado && resultado.candidatos.length === 0 && (
        <Alert color="yellow" variant="light" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          <Text size="sm">{cadsusMsg.cadsusNenhumCandidato}</Text>
        </Alert>
      )}
      {resultado && resultado.candidatos.length > 0 && (
        <Stack gap="xs" role="region" aria-label="Pessoas encontradas no CADSUS">
          <Text size="sm" role="status">
            {resultado.candidatos.length === 1
              ? '1 pessoa encontrada no CADSUS.'
              : `${resultado.candidatos.length} pessoas encontradas no CADSUS. Confira a mãe, o município e os documentos.`}
            {resultado.total > resultado.candidatos.length &&
              ` O CADSUS encontrou ${resultado.total}; informe o nome da mãe para reduzir a lista.`}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {resultado.candidatos.map((c, i) => (
              <CartaoCandidato
                key={c.candidato ?? i}
                c={c}
                abrindo={abrindo !== null && abrindo === c.candidato}
                onAbrir={() => void abrir(c)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function CartaoCandidato({ c, abrindo, onAbrir }: { c: CadsusCandidato; abrindo: boolean; onAbrir: () => void }) {
  const linhas: Array<[string, string | null]> = [
    ['Nascimento', c.data_nascimento ? isoToBr(c.data_nascimento) : null],
    ['Mãe', c.mae_desconhecida ? 'Desconhecida' : c.nome_mae],
    ['Sexo', c.sexo_id !== null ? (descricaoDe(sexo, c.sexo_id) ?? null) : null],
    ['Município', c.municipio ? `${c.municipio}${c.uf ? `/${c.uf}` : ''}` : null],
    ['CPF', c.cpf_mascarado],
    ['CNS', c.cns_mascarado],
  ];
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={c.nome ?? 'Pessoa sem nome'}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} size="sm">
            {c.nome ?? '—'}
            {c.nome_social ? ` (${c.nome_social})` : ''}
          </Text>
          {c.ja_cadastrado && (
            <Badge color="saude" variant="light" c="saude.9">
              Já cadastrado aqui
            </Badge>
          )}
        </Group>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}>
          {linhas.map(([rotulo, valor]) => (
            <Stack key={rotulo} gap={0} style={{ display: 'contents' }}>
              <Text component="dt" size="sm" c="dimmed">
                {rotulo}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {valor ?? 'Não informado'}
              </Text>
            </Stack>
          ))}
        </dl>
        <Group>
          <Button
            size="sm"
            mih={44}
            variant={c.ja_cadastrado ? 'light' : 'filled'}
            disabled={!c.candidato}
            loading={abrindo}
            onClick={onAbrir}
            aria-label={`${c.ja_cadastrado ? 'Comparar com o cadastro' : 'Usar este cadastro'}: ${c.nome ?? ''}`}
          >
            {c.ja_cadastrado ? 'Comparar com o cadastro' : 'Usar este cadastro'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
