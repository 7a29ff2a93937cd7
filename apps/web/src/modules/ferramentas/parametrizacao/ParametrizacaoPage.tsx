// /ferramentas/parametrizacao (issue 21, spec §3 "System parameters"): the managers' edit of the client name, the
// crest (checked by its bytes before sending, like the API does), biometrics on/off and the version texts.
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { checarImagemDataUrl } from '@saude/shared/imagem';
import {
  LIMITES_PARAMETRIZACAO,
  parametrizacaoSistemaUpdateSchema,
  type ParametrizacaoSistema,
  type ParametrizacaoSistemaUpdate,
} from '@saude/shared/schemas/parametrizacao_sistema';
import { usePode } from '../../../lib/access';
import { LoadError, LoadingRecord, notifyError, notifySaved } from '../../../lib/feedback';
import { ApiError, http } from '../../../lib/http';
import { lerDataUrl } from '../../../lib/lerDataUrl';
import { parametrizacaoQuery } from '../../../lib/parametrizacao';

const API = '/api/v1/ferramentas/parametrizacao';
const key = ['ferramentas', 'parametrizacao'];

type Campos = Omit<ParametrizacaoSistemaUpdate, 'lock_version'>;

/** A data URL whose declared type is taken from the bytes check, not from the file's name. */
async function comoImagem(file: File): Promise<{ valor: string } | { erro: string }> {
  const url = await lerDataUrl(file);
  const b64 = url.slice(url.indexOf(',') + 1);
  // The browser's guess of the type may be wrong or empty: try each image type and keep the one the bytes are.
  for (const tipo of ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']) {
    const valor = `data:${tipo};base64,${b64}`;
    if (checarImagemDataUrl(valor) === null) return { valor };
  }
  return { erro: checarImagemDataUrl(`data:${file.type || 'image/png'};base64,${b64}`) ?? 'não é válido' };
}

export function ParametrizacaoPage() {
  useDocumentTitle('Parâmetros do sistema');
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.get<ParametrizacaoSistema>(API, undefined, signal),
  });
  if (q.isPending) return <LoadingRecord label="Carregando parâmetros" />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return <Formulario atual={q.data} />;
}

function Formulario({ atual }: { atual: ParametrizacaoSistema }) {
  const qc = useQueryClient();
  const podeEditar = usePode('ferramentas/parametrizacao:update');
  const inicial = (p: ParametrizacaoSistema): Campos => ({
    cliente_nome: p.cliente_nome,
    brasao: p.brasao,
    habilita_biometria: p.habilita_biometria,
    versao: p.versao,
    esus_versao: p.esus_versao,
    pec_versao: p.pec_versao,
    auditoria_meses_online: p.auditoria_meses_online,
    obito_anos_guarda: p.obito_anos_guarda,
    unificacao_prazo_dias: p.unificacao_prazo_dias,
  });
  const [v, setV] = useState<Campos>(() => inicial(atual));
  const [erros, setErros] = useState<Record<string, string[]>>({});
  useEffect(() => setV(inicial(atual)), [atual]);
  const salvar = useMutation({
    mutationFn: (body: ParametrizacaoSistemaUpdate) => http.put<ParametrizacaoSistema>(API, body),
    onSuccess: (novo) => {
      setErros({});
      qc.setQueryData(key, novo);
      // The top bar and the login page read the public parameters.
      void qc.invalidateQueries({ queryKey: parametrizacaoQuery.queryKey });
      notifySaved('Parametrização');
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) setErros(err.errors);
      else notifyError(err, { onReload: () => void qc.invalidateQueries({ queryKey: key }) });
    },
  });
  const campo = (nome: 'cliente_nome' | 'versao' | 'esus_versao' | 'pec_versao', label: string) => (
    <TextInput
      label={label}
      withAsterisk
      value={v[nome] ?? ''}
      onChange={(e) => setV({ ...v, [nome]: e.currentTarget.value })}
      error={erros[nome]?.[0]}
      disabled={!podeEditar}
      maxLength={nome === 'cliente_nome' ? 120 : 40}
    />
  );
  /** A period (issue 41, 45, 46): a whole number within its limits. */
  const prazo = (
    nome: 'auditoria_meses_online' | 'obito_anos_guarda' | 'unificacao_prazo_dias',
    label: string,
    explicacao: string,
    unidade: string,
  ) => (
    <NumberInput
      label={label}
      description={`${explicacao} De ${LIMITES_PARAMETRIZACAO[nome].min} a ${LIMITES_PARAMETRIZACAO[nome].max} ${unidade}.`}
      withAsterisk
      min={LIMITES_PARAMETRIZACAO[nome].min}
      max={LIMITES_PARAMETRIZACAO[nome].max}
      allowDecimal={false}
      clampBehavior="none"
      value={v[nome] ?? ''}
      onChange={(n) => setV({ ...v, [nome]: n })}
      error={erros[nome]?.[0]}
      disabled={!podeEditar}
      maw={480}
    />
  );
  const escolher = async (file: File | null) => {
    if (!file) return;
    const r = await comoImagem(file);
    if ('erro' in r) setErros({ ...erros, brasao: [r.erro] });
    else {
      setErros({ ...erros, brasao: [] });
      setV({ ...v, brasao: r.valor });
    }
  };
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz="h2">
        Parâmetros do sistema
      </Title>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          const body = { ...v, lock_version: atual.lock_version };
          // The API's own rules answer first in the browser; the API checks them again.
          const r = parametrizacaoSistemaUpdateSchema.safeParse(body);
          if (r.success) salvar.mutate(body);
          else {
            const porCampo: Record<string, string[]> = {};
            for (const i of r.error.issues) (porCampo[String(i.path[0])] ??= []).push(i.message);
            setErros(porCampo);
          }
        }}
        aria-label="Parâmetros do sistema"
      >
        <Stack gap="md">
          {campo('cliente_nome', 'Nome do cliente')}
          <Stack gap={6}>
            <Text fw={500} size="sm" id="brasao-rotulo">
              Brasão
            </Text>
            <Group gap="md" align="center">
              {v.brasao ? (
                <Image src={v.brasao} alt="Brasão atual" h={72} w="auto" fit="contain" data-testid="brasao-preview" />
              ) : (
                <Text size="sm" c="dimmed">
                  Sem brasão (o padrão do sistema é usado).
                </Text>
              )}
              {podeEditar && (
                <FileButton onChange={(f) => void escolher(f)} accept="image/png,image/jpeg,image/webp,image/svg+xml">
                  {(props) => (
                    <Button {...props} variant="light" mih={44} leftSection={<IconPhoto size={18} aria-hidden />}>
                      Escolher imagem
                    </Button>
                  )}
                </FileButton>
              )}
              {podeEditar && v.brasao && (
                <Button
                  variant="default"
                  mih={44}
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setV({ ...v, brasao: null })}
                >
                  Remover brasão
                </Button>
              )}
            </Group>
            <Text size="xs" c="dark.5">
              PNG, JPEG, SVG ou WebP, até 500 kB. O tipo é conferido pelo conteúdo do arquivo.
            </Text>
            {erros.brasao?.[0] && (
              <Alert color="red" variant="light" role="alert" p="xs">
                Brasão {erros.brasao[0]}
              </Alert>
            )}
          </Stack>
          <Switch
            label="Habilitar biometria"
            description="Mostra a aba Biometria no cadastro do munícipe (captura de digital pelo leitor)."
            checked={v.habilita_biometria}
            onChange={(e) => setV({ ...v, habilita_biometria: e.currentTarget.checked })}
            disabled={!podeEditar}
          />
          <Group grow align="flex-start" wrap="wrap">
            {campo('versao', 'Versão do sistema')}
            {campo('esus_versao', 'Versão e-SUS')}
            {campo('pec_versao', 'Versão PEC')}
          </Group>
          {prazo(
            'auditoria_meses_online',
            'Meses de auditoria mantidos no sistema',
            'Os registros de acesso mais antigos que isso são arquivados pela equipe de TI e deixam de aparecer na consulta de acessos.',
            'meses',
          )}
          {prazo(
            'obito_anos_guarda',
            'Anos de guarda do cadastro após o óbito',
            'Por quanto tempo o cadastro e os registros de saúde de um munícipe falecido são mantidos depois do óbito (Resolução CFM 1.821/2007, art. 8: no mínimo 20 anos).',
            'anos',
          )}
          {prazo(
            'unificacao_prazo_dias',
            'Dias para desfazer uma unificação de cadastros',
            'Depois de unificar dois cadastros duplicados, o gestor pode desfazer a unificação durante esse prazo; 0: a unificação não pode ser desfeita.',
            'dias',
          )}
          {podeEditar && (
            <Group justify="flex-end">
              <Button type="submit" mih={44} loading={salvar.isPending}>
                Salvar
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
