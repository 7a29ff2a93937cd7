// /parametros/unidades_saude (issue 21, spec §3 "Unit parameter flags"): every unit with its nine flags and
// tempo_chamadas, each flag with what it changes in the product. A unit is saved on its own "Salvar" (one PUT with its
// lock_version); a stale edit offers to reload.
import {
  Accordion,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { unidadeFlags } from '@saude/shared';
import {
  LIMITES_PARAMETRIZACAO,
  UNIDADE_FLAGS_TEXTOS,
  unidadeParametrosUpdateSchema,
  type UnidadeParametros,
  type UnidadeParametrosUpdate,
} from '@saude/shared/schemas/parametrizacao_sistema';
import {
  INTERVALOS_AJUSTAVEIS,
  INTERVALOS_PADRAO,
  LIMITES_INTERVALO,
  ROTULOS_INTERVALO,
} from '@saude/shared/schemas/quem_visitar';
import { LoadError, LoadingRecord, notifyError, notifySaved } from '../../lib/feedback';
import { ApiError, http } from '../../lib/http';
import { useUmaAcaoPorVez } from '../../lib/umaAcaoPorVez';
import { PARAMETRO_UNIDADE_KEY } from './parametroUnidade';

const API = '/api/v1/parametros/unidades_saude';
const key = ['parametros', 'unidades_saude'];

const semAcento = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function UnidadesParametrosPage() {
  useDocumentTitle('Parâmetros das unidades');
  const q = useQuery({ queryKey: key, queryFn: ({ signal }) => http.get<UnidadeParametros[]>(API, undefined, signal) });
  const [busca, setBusca] = useState('');
  const visiveis = useMemo(
    () => (q.data ?? []).filter((u) => semAcento(`${u.nome} ${u.cnes}`).includes(semAcento(busca.trim()))),
    [q.data, busca],
  );
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Parâmetros das unidades
      </Title>
      <Text>Ligue ou desligue o que cada unidade de saúde oferece. As mudanças valem para quem entrar na unidade.</Text>
      <TextInput
        label="Buscar unidade"
        placeholder="Nome ou CNES"
        value={busca}
        onChange={(e) => setBusca(e.currentTarget.value)}
        maw={420}
      />
      {q.isPending && <LoadingRecord label="Carregando unidades" />}
      {q.isError && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isSuccess && visiveis.length === 0 && <Text>Nenhuma unidade encontrada.</Text>}
      <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Unidades">
        {visiveis.map((u) => (
          <UnidadeCard key={`${u.id}:${u.lock_version}`} unidade={u} />
        ))}
      </Stack>
    </Stack>
  );
}

const temErroDeIntervalo = (erros: Record<string, string[]>) =>
  Object.keys(erros).some((k) => k.startsWith('intervalos_visita.'));

function UnidadeCard({ unidade }: { unidade: UnidadeParametros }) {
  const qc = useQueryClient();
  const { id, nome, cnes, ativo: _a, lock_version, ...inicial } = unidade;
  const [v, setV] = useState(inicial);
  const [erros, setErros] = useState<Record<string, string[]>>({});
  const [aberto, setAberto] = useState<string | null>(null);
  const recusar = (e: Record<string, string[]>) => {
    setErros(e);
    // A refused interval is inside the closed panel: open it so the message shows.
    if (temErroDeIntervalo(e)) setAberto('intervalos');
  };
  const mudou = (Object.keys(inicial) as Array<keyof typeof inicial>).some((k) =>
    k === 'intervalos_visita'
      ? INTERVALOS_AJUSTAVEIS.some((c) => v.intervalos_visita[c] !== inicial.intervalos_visita[c])
      : v[k] !== inicial[k],
  );
  const salvar = useMutation({
    mutationFn: (body: UnidadeParametrosUpdate) => http.put<UnidadeParametros>(`${API}/${id}`, body),
    onSuccess: (nova) => {
      setErros({});
      qc.setQueryData<UnidadeParametros[]>(key, (old) => old?.map((u) => (u.id === nova.id ? nova : u)));
      // The screens that read one flag of the current unit ask again.
      void qc.invalidateQueries({ queryKey: PARAMETRO_UNIDADE_KEY });
      notifySaved(`Parametrização de ${nome}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) recusar(err.errors);
      else notifyError(err, { onReload: () => void qc.invalidateQueries({ queryKey: key }) });
    },
  });
  const umaPorVez = useUmaAcaoPorVez();
  const tituloId = `unidade-${id}`;
  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby={tituloId}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} fz="h4" id={tituloId}>
            {nome}
          </Title>
          <Text size="sm" c="dark.5">
            CNES {cnes}
          </Text>
        </div>
        {mudou && (
          <Badge color="dark" variant="outline" style={{ textTransform: 'none' }}>
            Alterações não salvas
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {unidadeFlags.map((f) => {
          const t = UNIDADE_FLAGS_TEXTOS[f];
          return (
            <Switch
              key={f}
              label={t.rotulo}
              description={
                t.agenda ? (
                  <>
                    <Badge
                      component="span"
                      color="gray"
                      variant="light"
                      size="sm"
                      mr={6}
                      style={{ textTransform: 'none' }}
                    >
                      Para o sistema de agendamento
                    </Badge>
                    {t.explicacao}
                  </>
                ) : (
                  t.explicacao
                )
              }
              checked={v[f]}
              onChange={(e) => setV({ ...v, [f]: e.currentTarget.checked })}
              error={erros[f]?.[0]}
              data-flag={f}
            />
          );
        })}
      </SimpleGrid>
      <Accordion mt="md" variant="contained" value={aberto} onChange={setAberto}>
        <Accordion.Item value="intervalos">
          <Accordion.Control>Intervalos de visita do “Quem visitar” (dias)</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="sm">
              Depois de quantos dias sem visita cada pessoa, família ou imóvel volta à lista dos agentes desta unidade.
              O padrão segue as orientações do Ministério da Saúde.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {INTERVALOS_AJUSTAVEIS.map((c) => (
                <NumberInput
                  key={c}
                  label={ROTULOS_INTERVALO[c]}
                  description={`Padrão: ${INTERVALOS_PADRAO[c]} dias`}
                  min={LIMITES_INTERVALO.min}
                  max={LIMITES_INTERVALO.max}
                  allowDecimal={false}
                  clampBehavior="none"
                  value={v.intervalos_visita[c]}
                  onChange={(n) =>
                    setV({
                      ...v,
                      intervalos_visita: { ...v.intervalos_visita, [c]: typeof n === 'number' ? n : Number(n) || 0 },
                    })
                  }
                  error={erros[`intervalos_visita.${c}`]?.[0]}
                  data-intervalo={c}
                />
              ))}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Group mt="md" align="flex-end" justify="space-between" wrap="wrap">
        <NumberInput
          label="Tempo entre chamadas (segundos)"
          description="Quanto esperar antes de chamar de novo a mesma senha ou paciente."
          min={LIMITES_PARAMETRIZACAO.tempo_chamadas.min}
          max={LIMITES_PARAMETRIZACAO.tempo_chamadas.max}
          allowDecimal={false}
          value={v.tempo_chamadas}
          onChange={(n) => setV({ ...v, tempo_chamadas: typeof n === 'number' ? n : Number(n) || 0 })}
          error={erros.tempo_chamadas?.[0]}
          maw={320}
        />
        <Button
          mih={44}
          loading={salvar.isPending}
          disabled={!mudou}
          onClick={() => {
            // The shared rules answer before the network does (a blank or zero interval, a contradiction).
            const body = { ...v, lock_version };
            const r = unidadeParametrosUpdateSchema.safeParse(body);
            // A double tap sends one PUT: the second, with the same lock_version, would come back 409.
            if (r.success) return umaPorVez(() => salvar.mutateAsync(body).catch(() => {}));
            const e: Record<string, string[]> = {};
            for (const i of r.error.issues) (e[i.path.join('.') || 'base'] ??= []).push(i.message);
            recusar(e);
          }}
          aria-label={`Salvar parâmetros de ${nome}`}
        >
          Salvar
        </Button>
      </Group>
    </Paper>
  );
}
