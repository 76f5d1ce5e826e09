import { Article } from "../models/article.js";
import { Comment } from "../models/comment.js";
export function seed(): void {
  Article.createBang({
    id: 1,
    title: "Welcome to the blog",
    body: "This is the first article.\nIt spans two lines.",
    created_at: "2024-01-10 09:00:00",
    updated_at: "2024-01-10 09:00:00",
  });
  Article.createBang({
    id: 2,
    title: "Rails & TypeScript",
    body: 'Escaping matters: <b>bold</b> claims need "proof" & it\'s worth checking.',
    created_at: "2024-01-12 14:30:00",
    updated_at: "2024-01-13 08:15:00",
  });
  Article.createBang({
    id: 3,
    title: "Nested resources",
    body: "Comments live under articles in the routes.",
    created_at: "2024-01-20 18:45:00",
    updated_at: "2024-01-20 18:45:00",
  });
  Article.createBang({
    id: 4,
    title: "A quiet article",
    body: "Nobody has commented on this one yet.",
    created_at: "2024-02-01 07:00:00",
    updated_at: "2024-02-01 07:00:00",
  });
  Comment.createBang({
    id: 1,
    article_id: 1,
    commenter: "Alice",
    body: "Great start!",
    created_at: "2024-01-10 10:00:00",
    updated_at: "2024-01-10 10:00:00",
  });
  Comment.createBang({
    id: 2,
    article_id: 1,
    commenter: "Bob",
    body: "Looking forward to more.",
    created_at: "2024-01-11 11:30:00",
    updated_at: "2024-01-11 11:30:00",
  });
  Comment.createBang({
    id: 3,
    article_id: 2,
    commenter: "Carol <admin>",
    body: 'Tom & Jerry\'s "review".',
    created_at: "2024-01-13 09:00:00",
    updated_at: "2024-01-13 09:00:00",
  });
  Comment.createBang({
    id: 4,
    article_id: 3,
    commenter: "Dave",
    body: "Nesting makes the URLs readable.",
    created_at: "2024-01-21 12:00:00",
    updated_at: "2024-01-21 12:00:00",
  });
}
