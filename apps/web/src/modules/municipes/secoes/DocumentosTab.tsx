// Tab "Documentos e prontuários" (documento_prontuario) of the citizen record.
import { Stack } from '@mantine/core';
import { tiposCertidao } from '@saude/shared/schemas/municipe';
import { UF_OPTIONS } from '../../../lib/address';
import { codeOptions, FieldSections } from '../../../lib/form';
import { NUMERICO, useMunicipeForm, type Secoes } from './comum';
import { ProntuariosSecao } from './ProntuariosSecao';

const SECOES: Secoes = [
  [
    'Documentos',
    [
      { kind: 'text', name: 'cartao_municipal', label: 'Cartão municipal' },
      { kind: 'text', name: 'numero_registro', label: 'Número de registro' },
      { kind: 'text', name: 'numero_prontuario_familiar', label: 'Prontuário familiar' },
      { kind: 'text', name: 'nis', label: 'NIS (PIS/PASEP)', inputProps: NUMERICO },
    ],
  ],
  [
    'Identidade',
    [
      { kind: 'text', name: 'rg_numero', label: 'Número da identidade' },
      { kind: 'date', name: 'rg_data_emissao', label: 'Data de emissão da identidade' },
      { kind: 'select', name: 'rg_uf', label: 'UF da identidade', data: UF_OPTIONS },
      { kind: 'text', name: 'rg_orgao_emissor', label: 'Órgão emissor' },
    ],
  ],
  [
    'Título de eleitor',
    [
      { kind: 'text', name: 'titulo_eleitor', label: 'Título de eleitor', inputProps: NUMERICO },
      { kind: 'text', name: 'titulo_zona', label: 'Zona', inputProps: NUMERICO },
      { kind: 'text', name: 'titulo_secao', label: 'Seção', inputProps: NUMERICO },
    ],
  ],
  [
    'Certidão',
    [
      {
        kind: 'radio',
        name: 'certidao_tipo',
        label: 'Tipo de certidão',
        data: codeOptions(tiposCertidao),
        span: 'full',
      },
      { kind: 'text', name: 'certidao_cartorio', label: 'Cartório' },
      { kind: 'text', name: 'certidao_livro', label: 'Livro' },
      { kind: 'text', name: 'certidao_folha', label: 'Folha' },
      { kind: 'text', name: 'certidao_termo', label: 'Termo' },
      { kind: 'date', name: 'certidao_data_emissao', label: 'Data de emissão da certidão' },
      {
        kind: 'text',
        name: 'certidao_matricula',
        label: 'Matrícula',
        description: '32 dígitos',
        inputProps: NUMERICO,
        span: 'full',
      },
    ],
  ],
];

export function DocumentosTab() {
  const { control } = useMunicipeForm();
  return (
    <Stack gap="md">
      <FieldSections control={control} sections={SECOES} />
      <ProntuariosSecao />
    </Stack>
  );
}
