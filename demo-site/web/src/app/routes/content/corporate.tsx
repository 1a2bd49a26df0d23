import { ContentPage } from './content-page';

export default function Corporate() {
  return <ContentPage name="corporate" />;
}
