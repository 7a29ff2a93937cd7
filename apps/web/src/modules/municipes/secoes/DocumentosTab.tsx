// Tab "Documentos e prontuários" (documento_prontuario) of the citizen record.
import { Grid, Stack } from '@mantine/core';
import { tiposCertidao } from '@saude/shared/schemas/municipe';
import { UF_OPTIONS } from '../../../lib/address';
import { codeOptions, DateField, FormSection, RadioField, SelectField, TextField } from '../../../lib/form';
import { Col, Textos, useMunicipeForm } from './comum';
import { ProntuariosSecao } from './ProntuariosSecao';

const CERTIDAO = codeOptions(tiposCertidao);

export function DocumentosTab() {
  const { control } = useMunicipeForm();
  return (
    <Stack gap="md">
      <FormSection title="Documentos">
        <Grid gap="sm">
          <Textos
            campos={[
              ['cartao_municipal', 'Cartão municipal'],
              ['numero_registro', 'Número de registro'],
              ['numero_prontuario_familiar', 'Prontuário familiar'],
              ['nis', 'NIS (PIS/PASEP)', 'numerico'],
            ]}
          />
        </Grid>
      </FormSection>
      <FormSection title="Identidade">
        <Grid gap="sm">
          <Textos campos={[['rg_numero', 'Número da identidade']]} />
          <Col>
            <DateField control={control} name="rg_data_emissao" label="Data de emissão da identidade" />
          </Col>
          <Col>
            <SelectField control={control} name="rg_uf" label="UF da identidade" data={UF_OPTIONS} />
          </Col>
          <Textos campos={[['rg_orgao_emissor', 'Órgão emissor']]} />
        </Grid>
      </FormSection>
      <FormSection title="Título de eleitor">
        <Grid gap="sm">
          <Textos
            campos={[
              ['titulo_eleitor', 'Título de eleitor', 'numerico'],
              ['titulo_zona', 'Zona', 'numerico'],
              ['titulo_secao', 'Seção', 'numerico'],
            ]}
          />
        </Grid>
      </FormSection>
      <FormSection title="Certidão">
        <Grid gap="sm">
          <Col span="full">
            <RadioField control={control} name="certidao_tipo" label="Tipo de certidão" data={CERTIDAO} />
          </Col>
          <Textos
            campos={[
              ['certidao_cartorio', 'Cartório'],
              ['certidao_livro', 'Livro'],
              ['certidao_folha', 'Folha'],
              ['certidao_termo', 'Termo'],
            ]}
          />
          <Col>
            <DateField control={control} name="certidao_data_emissao" label="Data de emissão da certidão" />
          </Col>
          <Col span="full">
            <TextField
              control={control}
              name="certidao_matricula"
              label="Matrícula"
              description="32 dígitos"
              inputProps={{ inputMode: 'numeric' }}
            />
          </Col>
        </Grid>
      </FormSection>
      <ProntuariosSecao />
    </Stack>
  );
}
