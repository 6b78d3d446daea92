// The notifications feature's public face: the back office's outbox of the mails the shop sends.
export { NotificationsTab } from './pages/NotificationsTab';
