import { PromptsView } from '../prompts/prompts-view';
import '../prompts/prompts.css';
import '../prompts/prompts-pagination.css';
import '../prompts/prompts-modal.css';

// The view lives apart from its stylesheet so component tests can import it under Node.
export default PromptsView;
