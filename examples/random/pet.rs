//! `random_pet`: random names such as `amused-otter`, for unique resource names.

use rand::seq::SliceRandom as _;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{ApplyError, Context, Resource};

use super::generator::os_rng;
use super::{keepers_replace, state_only, KeeperMap};

/// A random pet name.
#[derive(TfSchema, Debug, Clone)]
pub struct Pet {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Unknown<Nullable<KeeperMap>>,
    /// The length (in words) of the pet name. Defaults to 2
    #[tf(default = 2, requires_replace)]
    pub length: Unknown<Nullable<i64>>,
    /// A string to prefix the name with.
    #[tf(requires_replace)]
    pub prefix: Unknown<Nullable<String>>,
    /// The character to separate words in the pet name. Defaults to "-"
    #[tf(default = "-", requires_replace)]
    pub separator: Unknown<Nullable<String>>,
    /// The random pet name.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// Adverbs, for names of three words or more.
const ADVERBS: &str = "ably actually aptly boldly bravely briefly brightly busily calmly \
    carefully cheaply cleanly clearly closely commonly correctly crisply curiously daily \
    deeply deftly directly eagerly early easily evenly exactly fairly finally firmly \
    fluently formally freely fully gently gladly gratefully happily heartily highly \
    honestly humbly ideally jointly justly keenly kindly largely lightly literally loudly \
    luckily mainly merely mildly mostly naturally neatly nicely notably openly partly \
    patiently politely poorly presently promptly properly proudly quickly quietly rapidly \
    readily really rightly roughly sadly safely sharply shortly simply slowly smoothly \
    softly solely steadily strictly strongly suddenly surely sweetly swiftly tenderly \
    terribly thankfully tightly truly usefully usually vastly verbally vigorously \
    violently vitally warmly weekly wholly widely wildly wisely yearly";

/// Adjectives: the word before the name.
const ADJECTIVES: &str = "able active adapted adjusted advanced alert alive allowed \
    amazed amazing amused amusing apparent argued arriving assured awake aware balanced \
    becoming beloved better big blessed bold boss brave brief bright bursting busy calm \
    capable capital careful caring casual causal central certain champion charmed cheerful \
    chief choice civil classic clean clear clever climbing close closing coherent comic \
    communal complete composed concise concrete content cool correct cosmic crack creative \
    credible crisp crucial cuddly cunning curious current cute daring darling dashing \
    dear decent deciding deep definite delicate desired destined devoted direct discrete \
    distinct diverse divine dominant driven driving dynamic eager easy electric elegant \
    emerging eminent enabled enabling endless engaged engaging enhanced enjoyed enormous \
    enough epic equal equipped eternal ethical evident evolved evolving exact excited \
    exciting exotic expert factual fair faithful famous fancy fast feasible fine firm \
    first fit fitting fleet flexible flowing fluent flying fond frank free fresh full \
    fun funny game generous gentle genuine giving glad glorious glowing golden good \
    gorgeous grand grateful great growing grown guided guiding handy happy hardy harmless \
    healthy helped helpful helping heroic hip holy honest hopeful hot huge humane humble \
    humorous ideal immense immortal immune improved in included infinite informed \
    innocent inspired integral intense intent internal intimate inviting joint just keen \
    key kind knowing known large lasting leading learning legal legible lenient liberal \
    light liked literate live living logical loved loving loyal lucky magical magnetic \
    main major many massive master mature maximum measured meet merry mighty mint model \
    modern modest moral more moved moving musical mutual national native natural nearby \
    neat needed neutral new next nice noble normal notable noted novel obliging on one \
    open optimal optimum organic oriented outgoing patient peaceful perfect pet picked \
    pleasant pleased pleasing poetic polite polished positive possible powerful precious \
    precise present pretty primary prime pro probable profound promoted prompt proper \
    proven proud pure quality quick quiet rapid rare rational ready real refined regular \
    related relative relaxed relaxing relevant relieved renewed renewing resolved rested \
    rich right robust romantic ruling sacred safe saved saving secure select selected \
    sensible set settled settling sharing sharp shining simple sincere singular skilled \
    smart smashing smiling smooth social solid sought sound special splendid square stable \
    star steady sterling still stirred stirring striking strong stunning subtle suitable \
    suited summary sunny super superb supreme sure sweeping sweet talented teaching tender \
    thankful thorough tidy tight together tolerant top topical tough touched touching \
    tranquil trusted trusting trusty up upright upward usable useful valid valued vast \
    verified viable vital vocal wanted warm wealthy welcome welcomed well whole willing \
    winning wired wise witty wondrous workable working worthy";

/// Names: the last word, an animal.
const NAMES: &str = "aardvark akita albacore alien alpaca amoeba anchovy anemone ant \
    anteater antelope ape aphid arachnid asp baboon badger barnacle basilisk bass bat \
    beagle bear bedbug bee beetle bengal bird bison blowfish bluebird bluegill bluejay boa \
    boar bobcat bonefish boxer bream buck buffalo bug bull bulldog bullfrog bunny burro \
    buzzard caiman calf camel cardinal caribou cat catfish cattle chamois cheetah chicken \
    chigger chimp chipmunk chow cicada civet clam cobra cockatoo cod collie colt condor \
    coral corgi cougar cow cowbird coyote crab crane crappie crawdad crayfish cricket crow \
    cub dane dassie deer dingo dinosaur doberman dodo doe dog dogfish dolphin donkey dory \
    dove dragon drake drum duck duckling eagle earwig eel eft egret elephant elf elk emu \
    escargot ewe falcon fawn feline ferret filly finch firefly fish flamingo flea flounder \
    fly foal fowl fox foxhound frog gannet gar garfish gator gazelle gecko gelding ghost \
    ghoul gibbon giraffe glider glowworm gnat gnu goat gobbler goblin goldfish goose \
    gopher gorilla goshawk grackle griffon grizzly grouper grouse grub grubworm guinea \
    gull guppy haddock hagfish halibut hamster hare hawk hedgehog hen hermit heron herring \
    hippo hog honeybee hookworm hornet horse hound humpback husky hyena ibex iguana impala \
    imp insect jackal jaguar javelin jawfish jay jaybird jennet joey katydid kid killdeer \
    kingfish kit kite kitten kiwi koala kodiak koi krill lab labrador lacewing ladybird \
    ladybug lamb lamprey lark leech lemming lemur leopard liger lion lionfish lizard llama \
    lobster locust longhorn loon louse lynx macaque macaw mackerel maggot magpie mako \
    malamute mallard mammal mammoth manatee mantis marlin marmoset marmot marten martin \
    mastiff mastodon mayfly meerkat midge mink minnow mite moccasin mole mollusk molly \
    monarch mongoose mongrel monitor monkey monkfish monster moose moray mosquito moth \
    mouse mudfish mule mullet muskox muskrat mustang mutt narwhal newt oarfish ocelot \
    octopus opossum orca oriole oryx osprey ostrich owl ox oyster panda pangolin panther \
    parakeet parrot peacock pegasus pelican penguin perch pheasant phoenix pig pigeon \
    piglet pika pipefish piranha platypus polecat polliwog pony poodle porpoise possum \
    prawn primate pug puma pup python quagga quail quetzal rabbit raccoon racer ram raptor \
    rat rattler raven ray redbird redfish reindeer reptile rhino ringtail robin rodent \
    rooster roughy sailfish salmon satyr sawfish sawfly scorpion sculpin seagull seahorse \
    seal seasnail serval shad shark sheep sheepdog shepherd shiner shrew shrimp silkworm \
    skink skunk skylark sloth slug snail snake snapper snipe sole spaniel sparrow spider \
    sponge squid squirrel stag stallion starfish starling stingray stinkbug stork stud \
    sturgeon sunbeam sunbird sunfish swan swift swine tadpole tahr tapir tarpon teal \
    termite terrapin terrier tetra thrush tick tiger titmouse toad tomcat tortoise toucan \
    treefrog troll trout tuna turkey turtle unicorn urchin vervet viper vulture wahoo \
    wallaby walleye walrus warthog wasp weasel weevil werewolf whale whippet wildcat \
    wolf wombat woodcock worm wren yak yeti zebra";

/// The `random_pet` resource type.
pub struct PetResource;

impl Resource for PetResource {
    type Model = Pet;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        planned: Pet,
        _: Pet,
    ) -> Result<Pet, ApplyError<Pet>> {
        let mut rng = os_rng()?;
        let mut pick = |list: &'static str| -> &'static str {
            *list
                .split_whitespace()
                .collect::<Vec<_>>()
                .choose(&mut rng)
                .unwrap_or(&"")
        };
        let words = planned.length.as_value().copied().unwrap_or(2);
        let mut name: Vec<&str> = (2..words).map(|_| pick(ADVERBS)).collect();
        if words != 1 {
            name.push(pick(ADJECTIVES));
        }
        name.push(pick(NAMES));
        let separator = planned.separator.as_value().map_or("-", String::as_str);
        if let Some(prefix) = planned.prefix.as_value().filter(|p| !p.is_empty()) {
            name.insert(0, prefix);
        }
        let id = name.join(separator);
        Ok(Pet {
            id: Some(id).into(),
            ..planned
        })
    }

    state_only!(Pet);
}
