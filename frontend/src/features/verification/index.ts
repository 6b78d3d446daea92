// The verification feature's public face: the order page's notice (the customer's page is loaded by the router; the back office: back-office.ts).
export { VerificationNotice } from './components/VerificationNotice';
export { HowVerificationWorks, VerificationHighlight } from './components/HowVerificationWorks';
