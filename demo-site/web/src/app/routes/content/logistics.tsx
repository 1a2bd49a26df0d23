import { ContentPage } from './content-page';

export default function Logistics() {
  return <ContentPage name="logistics" />;
}
