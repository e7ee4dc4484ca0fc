// Every command shown with its output in the documentation (a plain fenced block of the
// README or of docs/*.md whose first line is "$ moreau ..." or "$ build/release/moreau ..."),
// run as shown from the repository's root, prints what the block shows. A shown line must be
// a line of the output: its words the same and its numbers equal to 1e-3 relative (the same
// build gives the same digits; another CPU's library kernels may move round-off, and a
// collapse step with it, by a step or so). "..." ends what is compared of a line (timings),
// and a line "..." stands for lines left out. `run`, `compare` and `ida` write to a temporary
// folder
// (--out), whose name in the "results in" line is not compared. A command naming a file of
// ../shared is skipped when that folder is absent. Each command synopsis of the user guide
// lists exactly the options of the command's --help. And every docs/ path that the code, the
// tests, the scripts and the build cite exists, and so does every section they cite by its
// title (in double quotes after the document's path and a comma).
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Example {
  fs::path document;
  std::string command;  ///< after "$ "
  std::vector<std::string> shown;
};

bool is_moreau_command(const std::string& line) {
  return line.rfind("$ moreau ", 0) == 0 || line.rfind("$ build/release/moreau ", 0) == 0;
}

// The plain fenced blocks (no language) of a Markdown document, each as its lines.
std::vector<std::vector<std::string>> plain_blocks_of(const fs::path& document) {
  std::vector<std::vector<std::string>> blocks;
  std::istringstream in(file_text(document));
  bool inside = false, plain = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      plain = !inside && line == "```";
      inside = !inside;
      if (plain) blocks.emplace_back();
    } else if (inside && plain) {
      blocks.back().push_back(line);
    }
  }
  return blocks;
}

// The plain fenced blocks of a Markdown document that open with a "$ moreau" command.
std::vector<Example> examples_of(const fs::path& document) {
  std::vector<Example> examples;
  for (const std::vector<std::string>& block : plain_blocks_of(document))
    if (!block.empty() && is_moreau_command(block.front()))
      examples.push_back({document, block.front().substr(2), {block.begin() + 1, block.end()}});
  return examples;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The length of the number [-+]?[0-9]+(.[0-9]+)?([eE][-+]?[0-9]+)? at `at`, 0 if none. (A
// scanner of our own: std::regex draws GCC 12's maybe-uninitialized false positive under the
// sanitizers.)
std::size_t number_length(const std::string& text, std::size_t at) {
  const auto digits = [&text](std::size_t from) {
    std::size_t end = from;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    return end - from;
  };
  std::size_t end = at + (at < text.size() && (text[at] == '-' || text[at] == '+'));
  const std::size_t integer = digits(end);
  if (integer == 0) return 0;
  end += integer;
  if (end < text.size() && text[end] == '.' && digits(end + 1) > 0) end += 1 + digits(end + 1);
  if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
    const std::size_t sign =
        end + 1 < text.size() && (text[end + 1] == '-' || text[end + 1] == '+');
    if (const std::size_t exponent = digits(end + 1 + sign); exponent > 0)
      end += 1 + sign + exponent;
  }
  return end - at;
}

// The text split into text, number, text, number, ...: the first text may be empty, the last
// is left out when empty.
std::vector<std::string> parts_of(const std::string& text) {
  std::vector<std::string> parts(1);
  for (std::size_t at = 0; at < text.size();) {
    if (const std::size_t length = number_length(text, at); length > 0) {
      parts.push_back(text.substr(at, length));
      parts.emplace_back();
      at += length;
    } else {
      parts.back() += text[at++];
    }
  }
  if (parts.size() > 1 && parts.back().empty()) parts.pop_back();
  return parts;
}

// Whether `actual` reads as `shown`: the same text between numbers, numbers equal to 1e-3
// relative, and anything after a "..." of `shown` ignored.
bool reads_as(const std::string& shown, const std::string& actual) {
  const std::size_t elided = shown.find("...");
  const std::vector<std::string> expected = parts_of(shown.substr(0, elided));
  const std::vector<std::string> found = parts_of(actual);
  if (found.size() < expected.size()) return false;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const bool is_number = i % 2 == 1;
    const bool last = i + 1 == expected.size();
    if (is_number) {
      const double a = std::stod(expected[i]);
      const double b = std::stod(found[i]);
      if (std::abs(a - b) > 1e-3 * std::max(std::abs(a), std::abs(b))) return false;
    } else if (last && elided != std::string::npos ? found[i].rfind(expected[i], 0) != 0
                                                   : found[i] != expected[i]) {
      return false;
    }
  }
  return elided != std::string::npos || found.size() == expected.size();
}

// Runs the example's command from the repository's root; its output, stdout and stderr.
std::string output_of(const Example& example, const fs::path& out) {
  std::string arguments = example.command.substr(example.command.find(' ') + 1);
  const std::string command = arguments.substr(0, arguments.find(' '));
  if (command == "run" || command == "compare" || command == "ida" || command == "ensemble")
    arguments += " --quiet --out " + out.string();
  fs::remove_all(out);
  std::string output = run_moreau(arguments, MOREAU_SOURCE_DIR).output;
  fs::remove_all(out);
  return output;
}

bool printed(const std::string& line, const std::vector<std::string>& output) {
  const bool is_results = line.rfind("  results in ", 0) == 0;
  for (const std::string& actual : output) {
    if (is_results && actual.rfind("  results in ", 0) == 0 &&
        reads_as(line.substr(line.find(':')), actual.substr(actual.find(':'))))
      return true;
    if (!is_results && reads_as(line, actual)) return true;
  }
  return false;
}

TEST(DocumentedOutputs, EveryShownCommandPrintsWhatItsBlockShows) {
  const ScratchFolder scratch;  // per process: two checkouts may run this test at once
  const fs::path source = MOREAU_SOURCE_DIR;
  std::vector<fs::path> documents{source / "README.md"};
  for (const auto& entry : fs::directory_iterator(source / "docs"))
    if (entry.path().extension() == ".md") documents.push_back(entry.path());
  int checked = 0;
  for (const fs::path& document : documents) {
    for (const Example& example : examples_of(document)) {
      if (example.command.find("../shared/") != std::string::npos &&
          !fs::exists(source.parent_path() / "shared")) {
        std::cout << "skipped (no ../shared): " << example.command << '\n';
        continue;
      }
      const std::string output = output_of(example, scratch.path() / "output");
      const std::vector<std::string> lines = lines_of(output);
      for (const std::string& line : example.shown) {
        if (line == "...") continue;
        EXPECT_TRUE(printed(line, lines))
            << document << " shows, after $ " << example.command << "\n"
            << line << "\nbut the command printed\n"
            << output;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 4) << "the README's example and the problem files' check examples";
}

// The synopses of the user guide: plain fenced blocks whose first line is
// "moreau <command> ..."; command -> the block's text.
std::vector<std::pair<std::string, std::string>> synopses_of(const fs::path& document) {
  std::vector<std::pair<std::string, std::string>> synopses;
  for (const std::vector<std::string>& block : plain_blocks_of(document)) {
    std::istringstream words(block.empty() ? "" : block.front());
    std::string program, command;
    words >> program >> command;
    if (program != "moreau" || command.empty() ||
        !std::islower(static_cast<unsigned char>(command[0])))
      continue;
    std::string text;
    for (const std::string& line : block) text += line + '\n';
    synopses.emplace_back(command, text);
  }
  return synopses;
}

// The options named in a text: "--" and the lowercase letters and dashes after it.
std::set<std::string> options_in(const std::string& text) {
  std::set<std::string> options;
  for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", at + 2)) {
    std::size_t end = at + 2;
    while (end < text.size() && (std::islower(static_cast<unsigned char>(text[end])) ||
                                 (text[end] == '-' && end > at + 2)))
      ++end;
    if (end > at + 2) options.insert(text.substr(at, end - at));
  }
  return options;
}

TEST(DocumentedOutputs, EachSynopsisListsTheOptionsOfItsCommandsHelp) {
  const auto synopses = synopses_of(fs::path(MOREAU_SOURCE_DIR) / "docs/user-guide.md");
  for (const auto& [command, synopsis] : synopses) {
    std::set<std::string> helped = options_in(run_moreau(command + " --help").output);
    // The positional arguments, which the synopses show as FILE, PATH and RUN_DIR...
    for (const char* positional : {"--help", "--file", "--paths", "--folder"})
      helped.erase(positional);
    EXPECT_EQ(options_in(synopsis), helped) << "docs/user-guide.md, moreau " << command;
  }
  EXPECT_GE(synopses.size(), 3u) << "run, solve and bench";
}

bool in_path(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
         c == '/';
}

// The docs/ paths a text cites: "docs/" where no path character precedes it (not
// "../shared/docs/"), and the path characters after it, less a sentence's final period.
std::vector<std::string> cited_documents(const std::string& text) {
  std::vector<std::string> cited;
  for (std::size_t at = text.find("docs/"); at != std::string::npos;
       at = text.find("docs/", at + 5)) {
    if (at > 0 && in_path(text[at - 1])) continue;
    std::size_t end = at + 5;
    while (end < text.size() && in_path(text[end])) ++end;
    while (text[end - 1] == '.') --end;
    cited.push_back(text.substr(at, end - at));
  }
  return cited;
}

// The code, the tests, the scripts and the build files, each with its text (binary files left
// out).
std::vector<std::pair<fs::path, std::string>> code_texts() {
  const fs::path source = MOREAU_SOURCE_DIR;
  std::vector<fs::path> files;
  for (const char* top : {"CMakeLists.txt", "CMakePresets.json", ".clang-format", ".clang-tidy"})
    files.push_back(source / top);
  for (const char* folder :
       {"src", "include", "python", "tests", "scripts", "cmake", "validation", "problems", ".ci"})
    for (const auto& entry : fs::recursive_directory_iterator(source / folder))
      if (entry.is_regular_file() && entry.file_size() < (1u << 20)) files.push_back(entry.path());
  std::vector<std::pair<fs::path, std::string>> texts;
  for (const fs::path& file : files)
    if (std::string text = file_text(file); text.find('\0') == std::string::npos)
      texts.emplace_back(file, std::move(text));
  return texts;
}

TEST(DocumentedOutputs, EveryDocumentCitedInTheCodeExists) {
  const fs::path source = MOREAU_SOURCE_DIR;
  int citations = 0;
  for (const auto& [file, text] : code_texts()) {
    for (const std::string& cited : cited_documents(text)) {
      EXPECT_TRUE(fs::exists(source / cited)) << file << " cites " << cited << ", which is missing";
      ++citations;
    }
  }
  EXPECT_GE(citations, 100) << "the code cites docs/mathematics.md alone more often";
}

// The text with each line break, and the indentation and comment marks ("//", "#", " *") that
// open the next line, made one space: a cited title may run over two comment lines.
std::string joined_lines(const std::string& text) {
  std::string joined;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (text[at] != '\n') {
      joined += text[at];
      continue;
    }
    while (at + 1 < text.size() &&
           std::string_view(" \t/#*").find(text[at + 1]) != std::string_view::npos)
      ++at;
    joined += ' ';
  }
  return joined;
}

struct SectionCitation {
  std::string document;  ///< "docs/<name>.md"
  std::string title;
  bool operator==(const SectionCitation&) const = default;
};

// The sections a text cites by title: a docs/ path of a Markdown document (as cited_documents
// reads it), a comma, a space and the title in double quotes.
std::vector<SectionCitation> cited_sections(const std::string& text) {
  const std::string joined = joined_lines(text);
  const std::string_view mark = ".md, \"";
  std::vector<SectionCitation> cited;
  for (std::size_t at = joined.find(mark); at != std::string::npos;
       at = joined.find(mark, at + 1)) {
    std::size_t start = at;
    while (start > 0 && in_path(joined[start - 1])) --start;
    const std::string document = joined.substr(start, at + 3 - start);
    const std::size_t open = at + mark.size();
    const std::size_t close = joined.find('"', open);
    if (document.rfind("docs/", 0) != 0 || close == std::string::npos) continue;
    cited.push_back({document, joined.substr(open, close - open)});
  }
  return cited;
}

// The titles of a Markdown document's sections: its headings, and the bold words that open a
// paragraph ("**Checkpoints and restart.**"), without a final period and without backticks.
std::vector<std::string> section_titles(const fs::path& document) {
  std::vector<std::string> titles;
  for (const std::string& line : lines_of(file_text(document))) {
    std::string title;
    if (line.rfind('#', 0) == 0 && line.find_first_not_of("# ") != std::string::npos) {
      title = line.substr(line.find_first_not_of("# "));
    } else if (line.rfind("**", 0) == 0 && line.find("**", 2) != std::string::npos) {
      title = line.substr(2, line.find("**", 2) - 2);
      if (!title.empty() && title.back() == '.') title.pop_back();
    } else {
      continue;
    }
    std::erase(title, '`');
    titles.push_back(title);
  }
  return titles;
}

// Whether a cited title names a section of this title: the whole title, or its first words
// ("moreau run" for "moreau run: a simulation from a problem file").
bool names_section(const std::string& cited, const std::string& title) {
  return !cited.empty() && title.rfind(cited, 0) == 0 &&
         (title.size() == cited.size() ||
          !std::isalnum(static_cast<unsigned char>(title[cited.size()])));
}

TEST(DocumentedOutputs, EverySectionCitedInTheCodeExists) {
  const fs::path source = MOREAU_SOURCE_DIR;
  int citations = 0;
  for (const auto& [file, text] : code_texts()) {
    for (const SectionCitation& cited : cited_sections(text)) {
      const std::vector<std::string> titles = fs::exists(source / cited.document)
                                                  ? section_titles(source / cited.document)
                                                  : std::vector<std::string>{};
      bool found = false;
      for (const std::string& title : titles) found = found || names_section(cited.title, title);
      EXPECT_TRUE(found) << file << " cites " << cited.document << ", \"" << cited.title
                         << "\", which is no heading or bold paragraph opening of it";
      ++citations;
    }
  }
  EXPECT_GE(citations, 20) << "the fuzz targets and velocity-newton cite more sections by title";
}

TEST(DocumentedOutputs, CitedDocumentsAreTheDocsPathsOfAText) {
  EXPECT_EQ(cited_documents("// (docs/mathematics.md). See ../shared/docs/x.md, docs/figures/."),
            (std::vector<std::string>{"docs/mathematics.md", "docs/figures/"}));
  EXPECT_EQ(cited_documents("mydocs/a.md"), std::vector<std::string>{});
}

TEST(DocumentedOutputs, CitedSectionsAreTheQuotedTitlesAfterADocsPath) {
  EXPECT_EQ(cited_sections("(docs/user-guide.md, \"Exit codes\"), ../shared/docs/a.md, \"B\""),
            (std::vector<SectionCitation>{{"docs/user-guide.md", "Exit codes"}}));
  EXPECT_EQ(cited_sections("// (docs/user-guide.md,\n  // \"Checkpoints and\n  // restart\")"),
            (std::vector<SectionCitation>{{"docs/user-guide.md", "Checkpoints and restart"}}));
  EXPECT_EQ(cited_sections("docs/user-guide.md, eq. 2, \"quoted\""),
            std::vector<SectionCitation>{});
  EXPECT_TRUE(names_section("moreau run", "moreau run: a simulation from a problem file"));
  EXPECT_FALSE(names_section("moreau ru", "moreau run: a simulation from a problem file"));
  EXPECT_FALSE(names_section("", "Exit codes"));
}

TEST(DocumentedOutputs, TheComparisonReadsNumbersToOnePartInAThousand) {
  EXPECT_TRUE(reads_as("t = 10.018 s, tilt = 19.636", "t = 10.019 s, tilt = 19.64"));
  EXPECT_FALSE(reads_as("t = 10.018 s, tilt = 19.636", "t = 10.018 s, tilt = 19.7"));
  EXPECT_FALSE(reads_as("t = 10.018 s", "t = 10.018 m"));
  EXPECT_FALSE(reads_as("t = 10.018 s", "t = 10.018 s and more"));
  EXPECT_TRUE(reads_as("10018 steps in ...", "10018 steps in 3.1 s"));
  EXPECT_FALSE(reads_as("10018 steps in ...", "10018 steps out 3.1 s"));
}

}  // namespace
}  // namespace moreau::testing
