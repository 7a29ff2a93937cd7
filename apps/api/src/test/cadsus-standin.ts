import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the national registry's PDQ service (issue 24), for the API tests and the e2e spec: a node:http
// server answering SOAP 1.2 in the recorded shapes of CADSUS v5 (PRPA_IN201306UV02 found / NF, WS-Security faults).
// It answers by the number asked: the people it knows, and numbers that make it slow, talk nonsense or fall over.

export type PessoaCadsus = {
  nome: string;
  nome_social?: string;
  mae?: string;
  pai?: string;
  /** yyyy-MM-dd */
  nascimento: string;
  sexo: 'M' | 'F';
  /** CADSUS raceCode ('01'…'05', '99'). */
  raca?: string;
  cpf?: string;
  /** CNS with situation, in the registry's order. */
  cns: Array<{ numero: string; situacao: 'D' | 'P' }>;
  endereco?: {
    cep: string;
    /** 6-digit IBGE city, as CADSUS sends it. */
    cidade: string;
    uf: string;
    tipo: string;
    logradouro: string;
    numero: string;
    complemento?: string;
    bairro: string;
  };
  /** 6-digit IBGE city of birth. */
  naturalidade?: string;
  telefones?: Array<{ valor: string; uso: string }>;
  email?: string;
};

export type CadsusStandIn = {
  url: string;
  /** Who it knows, by CPF or CNS (a name search looks through them all). */
  pessoas: Map<string, PessoaCadsus>;
  /** Numbers (or, for a name search, the name as sent, upper case) it takes this long to answer (ms). */
  lentos: Map<string, number>;
  /** Numbers it answers with a broken body, and with HTTP 500 and HTML. */
  malformados: Set<string>;
  fora: Set<string>;
  /** The WS-Security user and password it accepts now (a test may change them). */
  credenciais: { usuario: string; senha: string };
  /** The bodies it received (to check what we send; tests only). */
  pedidos: string[];
  close: () => Promise<void>;
};

const PRPA = '<PRPA_IN201306UV02 xmlns="urn:hl7-org:v3" ITSVersion="XML_1.0">';
const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://www.w3.org/2003/05/soap-envelope"><S:Body>${body}</S:Body></S:Envelope>`;

const x = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The subject of one person in a PRPA_IN201306UV02. */
function sujeito(p: PessoaCadsus): string {
  const e = p.endereco;
  const ids = [
    ...p.cns.map(
      (c) =>
        `<asOtherIDs classCode="HLTHCHRT"><id root="2.16.840.1.113883.13.236" extension="${c.numero}"/><id root="2.16.840.1.113883.13.236.1" extension="${c.situacao}"/><scopingOrganization classCode="ORG" determinerCode="INSTANCE"><id root="2.16.840.1.113883.13.236"/></scopingOrganization></asOtherIDs>`,
    ),
    ...(p.cpf
      ? [
          `<asOtherIDs classCode="CITIZEN"><id root="2.16.840.1.113883.13.237" extension="${p.cpf}"/><scopingOrganization classCode="ORG" determinerCode="INSTANCE"><id root="2.16.840.1.113883.13.237"/></scopingOrganization></asOtherIDs>`,
        ]
      : []),
  ].join('');
  const pessoa = [
    `<name use="L"><given>${x(p.nome)}</given></name>`,
    p.nome_social ? `<name use="ASGN"><given>${x(p.nome_social)}</given></name>` : '',
    ...(p.telefones ?? []).map((t) => `<telecom value="${x(t.valor)}" use="${t.uso}"/>`),
    p.email ? `<telecom value="mailto:${x(p.email)}" use="NET"/>` : '',
    `<administrativeGenderCode code="${p.sexo}" codeSystem="2.16.840.1.113883.5.1"/>`,
    `<birthTime value="${p.nascimento.replace(/-/g, '')}000000"/>`,
    e
      ? `<addr use="H"><city>${e.cidade}</city><state>${e.uf}</state><postalCode>${e.cep}</postalCode><country>010</country><houseNumber>${x(e.numero)}</houseNumber><streetName>${x(e.logradouro)}</streetName><streetNameType>${e.tipo}</streetNameType><additionalLocator>${x(e.bairro)}</additionalLocator>${e.complemento ? `<unitID>${x(e.complemento)}</unitID>` : ''}</addr>`
      : '',
    p.raca ? `<raceCode code="${p.raca}" codeSystem="2.16.840.1.113883.13.244"/>` : '',
    ids,
    p.mae
      ? `<personalRelationship classCode="PRS"><code code="PRN" codeSystem="2.16.840.1.113883.1.11.19563"/><relationshipHolder1 classCode="PSN" determinerCode="INSTANCE"><name use="L"><given>${x(p.mae)}</given></name></relationshipHolder1></personalRelationship>`
      : '',
    p.pai
      ? `<personalRelationship classCode="PRS"><code code="NPRN" codeSystem="2.16.840.1.113883.1.11.19563"/><relationshipHolder1 classCode="PSN" determinerCode="INSTANCE"><name use="L"><given>${x(p.pai)}</given></name></relationshipHolder1></personalRelationship>`
      : '',
    p.naturalidade ? `<birthPlace><addr><city>${p.naturalidade}</city><country>010</country></addr></birthPlace>` : '',
  ].join('');
  return (
    `<subject typeCode="SUBJ"><registrationEvent classCode="REG" moodCode="EVN"><statusCode code="active"/><subject1 typeCode="SBJ">` +
    `<patient classCode="PAT"><id root="2.16.840.1.113883.13.236" extension="${p.cns[0]?.numero ?? ''}"/><statusCode code="active"/>` +
    `<patientPerson classCode="PSN" determinerCode="INSTANCE">${pessoa}</patientPerson>` +
    `<subjectOf1><queryMatchObservation classCode="COND" moodCode="EVN"><code code="IHE_PDQ"/><value value="100"/></queryMatchObservation></subjectOf1>` +
    `</patient></subject1><custodian typeCode="CST"><assignedEntity classCode="ASSIGNED"><id root="2.16.840.1.113883.3.72.6.2"/></assignedEntity></custodian></registrationEvent></subject>`
  );
}

/** A PDQ answer listing these people, best match first (a name search lists several). */
export function respostaEncontrados(ps: PessoaCadsus[]): string {
  return envelope(
    `${PRPA}<id root="2.16.840.1.113883.4.714" extension="r"/><interactionId root="2.16.840.1.113883.1.6" extension="PRPA_IN201306UV02"/>` +
      `<acknowledgement><typeCode code="AA"/></acknowledgement><controlActProcess classCode="CACT" moodCode="EVN">` +
      `<code code="PRPA_TE201306UV02" codeSystem="2.16.840.1.113883.1.6"/>` +
      ps.map(sujeito).join('') +
      `<queryAck><queryId extension="q"/><queryResponseCode code="OK"/><resultTotalQuantity value="${ps.length}"/><resultCurrentQuantity value="${ps.length}"/><resultRemainingQuantity value="0"/></queryAck>` +
      `</controlActProcess></PRPA_IN201306UV02>`,
  );
}

export const respostaEncontrada = (p: PessoaCadsus) => respostaEncontrados([p]);

const semAcento = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

/** Who a name search finds: the name's words in order, the same birth date, the mother when asked (like the registry). */
function porNome(pessoas: Iterable<PessoaCadsus>, corpo: string): PessoaCadsus[] {
  const nome = /<livingSubjectName>\s*<value[^>]*>\s*<given>([^<]*)</.exec(corpo)?.[1] ?? '';
  const data = /<livingSubjectBirthTime>\s*<value value="(\d{8})"/.exec(corpo)?.[1] ?? '';
  const mae = /<mothersMaidenName>\s*<value[^>]*>\s*<family>([^<]*)</.exec(corpo)?.[1];
  const vistos = new Set<PessoaCadsus>();
  for (const p of pessoas) {
    if (vistos.has(p)) continue;
    const mesmoNome = semAcento(p.nome).includes(semAcento(nome));
    const mesmaMae = mae === undefined || semAcento(p.mae ?? '').includes(semAcento(mae));
    if (mesmoNome && mesmaMae && p.nascimento.replace(/-/g, '') === data) vistos.add(p);
  }
  return [...vistos];
}

export const respostaNaoEncontrada = () =>
  envelope(
    `${PRPA}<acknowledgement><typeCode code="AA"/></acknowledgement><controlActProcess classCode="CACT" moodCode="EVN">` +
      `<queryAck><queryResponseCode code="NF"/><resultTotalQuantity value="0"/></queryAck></controlActProcess></PRPA_IN201306UV02>`,
  );

/** The WS-Security fault of a refused UsernameToken (the CXF/WSS4J wording the service answers with). */
export const respostaFalhaAutenticacao = () =>
  envelope(
    `<S:Fault><S:Code><S:Value>S:Sender</S:Value><S:Subcode><S:Value xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">wsse:FailedAuthentication</S:Value></S:Subcode></S:Code>` +
      `<S:Reason><S:Text xml:lang="en">The security token could not be authenticated or authorized</S:Text></S:Reason></S:Fault>`,
  );

const lerCorpo = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const partes: Buffer[] = [];
    req.on('data', (b: Buffer) => partes.push(b));
    req.on('end', () => resolve(Buffer.concat(partes).toString('utf8')));
    req.on('error', reject);
  });

/**
 * Starts the stand-in on a free port of 127.0.0.1. `credenciais`: the WS-Security user and password it accepts (any
 * other, or none, is refused with the fault).
 */
export async function iniciarCadsusStandIn(
  credenciais: { usuario: string; senha: string },
  porta = 0,
): Promise<CadsusStandIn> {
  const pessoas = new Map<string, PessoaCadsus>();
  const lentos = new Map<string, number>();
  const malformados = new Set<string>();
  const fora = new Set<string>();
  const pedidos: string[] = [];
  const pendentes = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    void lerCorpo(req).then((corpo) => {
      pedidos.push(corpo);
      // A name search is keyed by its name for the slow, broken and down lists.
      const numero =
        /livingSubjectId>\s*<value [^>]*extension="(\d+)"/.exec(corpo)?.[1] ??
        /<livingSubjectName>\s*<value[^>]*>\s*<given>([^<]*)</.exec(corpo)?.[1] ??
        '';
      const usuario = /<wsse:Username>([^<]*)</.exec(corpo)?.[1];
      const senha = /<wsse:Password[^>]*>([^<]*)</.exec(corpo)?.[1];
      const soap = (status: number, body: string) =>
        res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(body);
      const responder = () => {
        if (usuario !== credenciais.usuario || senha !== credenciais.senha)
          return soap(500, respostaFalhaAutenticacao());
        if (malformados.has(numero)) return soap(200, `${respostaNaoEncontrada().slice(0, 120)}<<<`);
        if (fora.has(numero)) {
          return res
            .writeHead(500, { 'content-type': 'text/html' })
            .end('<html><body>Service Unavailable</body></html>');
        }
        if (corpo.includes('<livingSubjectName>')) {
          const achados = porNome(pessoas.values(), corpo);
          return soap(200, achados.length > 0 ? respostaEncontrados(achados) : respostaNaoEncontrada());
        }
        const p = pessoas.get(numero);
        return soap(200, p ? respostaEncontrada(p) : respostaNaoEncontrada());
      };
      const espera = lentos.get(numero);
      if (espera === undefined) return responder();
      const t = setTimeout(() => {
        pendentes.delete(t);
        if (!res.destroyed) responder();
      }, espera);
      pendentes.add(t);
    });
  });
  await new Promise<void>((resolve) => server.listen(porta, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cadsus/v5r0/CadsusService`,
    credenciais,
    pessoas,
    lentos,
    malformados,
    fora,
    pedidos,
    close: () =>
      new Promise<void>((resolve) => {
        pendentes.forEach(clearTimeout);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
