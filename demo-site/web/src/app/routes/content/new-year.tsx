import { ContentPage } from './content-page';

export default function NewYear() {
  return <ContentPage name="newYear" />;
}
