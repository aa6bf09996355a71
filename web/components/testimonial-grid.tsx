import type { ReactElement } from 'react';
import type { Testimonial } from '../content/testimonials';
import { Icon } from './icon';

export function TestimonialGrid({ testimonials }: { testimonials: readonly Testimonial[] }): ReactElement {
  return (
    <ul className="testimonial-grid">
      {testimonials.map((item) => (
        <li className="card testimonial-card" key={item.name}>
          <div className="testimonial-top">
            <div className="stars" role="img" aria-label="Rating 5 dari 5">
              {[0, 1, 2, 3, 4].map((index) => (
                <Icon name="star" size={16} key={index} />
              ))}
            </div>
            <p className="testimonial-income">{item.income}</p>
          </div>
          <blockquote>
            <p>“{item.text}”</p>
          </blockquote>
          <div className="testimonial-person">
            <span className="avatar" aria-hidden="true">
              {item.name.charAt(0)}
            </span>
            <div>
              <p className="testimonial-name">{item.name}</p>
              <p className="testimonial-meta">{item.channels} channel</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
